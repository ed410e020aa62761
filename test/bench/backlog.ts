/**
 * A batch job's backlog at the issue's numbers: 200 `boards` calls fired at once against an emulator allowing 5
 * requests per 5 s, with every client default on. Reports what succeeded and failed, the 429s the emulator issued,
 * the retries, the reasons `onThrottle` gave, and how long the batch took. The suite runs the same at 60 calls and
 * 20 per 1 s (`test/e2e/throttle-backlog.test.ts`); this takes over three minutes.
 *
 * Run: `npx tsx test/bench/backlog.ts [--calls 200] [--quota 5] [--window 5]`. Not part of `npm test`.
 */
import { DEMO_TOKEN, startEmulator } from 'workspace-platform-emulator';
import { PlatformClient, type RetryEvent, type ThrottleEvent } from '../../src/index.js';
import { argument } from './cli-args.js';

const CALLS = argument('calls', 200);
const QUOTA = argument('quota', 5);
const WINDOW = argument('window', 5);

const emulator = await startEmulator({ port: 0, limits: { minuteRate: { quota: QUOTA, windowSeconds: WINDOW } } });
const retries: RetryEvent[] = [];
const throttled: ThrottleEvent[] = [];
const client = new PlatformClient({
  token: DEMO_TOKEN,
  baseUrl: emulator.baseUrl,
  hooks: { onRetry: (event) => retries.push(event), onThrottle: (event) => throttled.push(event) },
});
const started = performance.now();
const progress = setInterval(() => {
  const line = client.throttleState;
  if (line) console.log(`  ${line.queued} queued, ${line.inFlight} in flight, held by ${line.heldBy?.policy ?? '-'}`);
}, 20_000);
const outcomes = await Promise.allSettled(Array.from({ length: CALLS }, () => client.boards({ limit: 1 })));
clearInterval(progress);
const seconds = (performance.now() - started) / 1000;
const reasons = new Map<string, number>();
for (const event of throttled) {
  const key = `${event.reason}${event.policy ? `/${event.policy}` : ''}`;
  reasons.set(key, (reasons.get(key) ?? 0) + 1);
}
const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
console.log(`${CALLS} calls at ${QUOTA} per ${WINDOW} s, every default on:`);
console.log(`  succeeded ${CALLS - failed.length}, failed ${failed.length}, in ${seconds.toFixed(1)} s`);
console.log(`  429s issued by the emulator: ${emulator.stats.rejected429}; onRetry events: ${retries.length}`);
console.log(`  onThrottle reasons: ${[...reasons].map(([key, count]) => `${key} ${count}`).join(', ')}`);
await emulator.close();

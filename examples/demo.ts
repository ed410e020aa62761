/**
 * `npm run demo`: the typed client against the embedded local emulator.
 *
 * Starts the emulator on an ephemeral port, lists boards, creates an item, replays it with the same
 * Idempotency-Key, then sends a concurrent duplicate that the server answers with 409 and the client
 * waits out. After every call it prints the parsed rate-limit state. Exits 0 when every step behaved.
 */
import { DEMO_TOKEN, startEmulator } from 'workspace-platform-emulator';
import { API_VERSION, PlatformClient, type RateLimitState, type RetryEvent } from '../src/index.js';

const tty = process.stdout.isTTY === true && !process.env.NO_COLOR;
const paint = (code: number) => (text: string) => (tty ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = paint(1);
const dim = paint(2);
const green = paint(32);
const yellow = paint(33);
const cyan = paint(36);

function heading(step: number, title: string): void {
  console.log(`\n${bold(cyan(`${step}.`))} ${bold(title)}`);
}

/** What each known policy counts, in words: the complexity policy is a budget, whatever unit its header names. */
const POLICY_WORDS: Record<string, { label: string; unit: string }> = {
  minuteRate: { label: 'requests', unit: 'requests' },
  concurrency: { label: 'concurrency', unit: '' },
  complexityMinute: { label: 'complexity budget', unit: '' },
};

function formatRateLimit(state: RateLimitState | undefined): string {
  if (!state || Object.keys(state.policies).length === 0) return dim('   rate limit: (none reported)');
  const rows = Object.values(state.policies).map((p) => {
    if (!p) return '';
    const words = POLICY_WORDS[p.name] ?? { label: p.name, unit: p.unit ?? '' };
    const unit = words.unit ? ` ${words.unit}` : '';
    const left =
      p.quota !== undefined && p.remaining !== undefined
        ? `${p.remaining.toLocaleString('en')} of ${p.quota.toLocaleString('en')}${unit} left`
        : `${p.remaining ?? '?'}${unit} left`;
    const window = p.window !== undefined ? ` per ${p.window}s` : '';
    const reset = p.resetSeconds !== undefined ? dim(`, resets in ${p.resetSeconds}s`) : '';
    return `   ${dim('rate limit')} ${words.label.padEnd(17)} ${left}${window}${reset}`;
  });
  return rows.join('\n');
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`demo check failed: ${message}`);
  console.log(`   ${green('✓')} ${message}`);
}

async function main(): Promise<void> {
  const emulator = await startEmulator({ port: 0, idempotency: { retryAfterSeconds: 1 } });
  const retries: RetryEvent[] = [];
  try {
    console.log(bold('workspace-platform-sdk demo'));
    console.log(dim(`local emulator at ${emulator.baseUrl} · API-Version ${API_VERSION}`));
    const client = new PlatformClient({
      token: DEMO_TOKEN,
      baseUrl: emulator.baseUrl,
      hooks: { onRetry: (event) => retries.push(event) },
    });

    heading(1, 'client.boards({ limit: 5 })');
    const boards = await client.boards({ limit: 5 });
    for (const board of boards.data.boards ?? []) {
      if (board)
        console.log(`   ${board.id.padEnd(6)} ${board.name.padEnd(20)} ${dim('account')} ${board.owner.account.slug}`);
    }
    console.log(dim(`   status ${boards.status} · account_id ${boards.accountId}`));
    console.log(formatRateLimit(boards.rateLimit));
    const boardId = boards.data.boards?.[0]?.id;
    if (!boardId) throw new Error('the emulator returned no boards');

    heading(2, `client.createItem({ board_id: '${boardId}', item_name: 'Launch' })`);
    const made = await client.createItem({ board_id: boardId, item_name: 'Launch' });
    console.log(`   created item ${bold(made.data.create_item?.id ?? '?')} "${made.data.create_item?.name}"`);
    console.log(dim(`   Idempotency-Key ${made.idempotencyKey} (generated, UUID v4)`));
    console.log(formatRateLimit(made.rateLimit));

    heading(3, 'the same call again, with the same Idempotency-Key');
    const replay = await client.createItem(
      { board_id: boardId, item_name: 'Launch' },
      { idempotencyKey: made.idempotencyKey },
    );
    console.log(`   replayed: ${bold(String(replay.replayed))} · item ${replay.data.create_item?.id}`);
    check(
      replay.replayed && replay.data.create_item?.id === made.data.create_item?.id,
      'the server answered from its cache; no second item',
    );
    console.log(formatRateLimit(replay.rateLimit));

    heading(4, 'two concurrent calls sharing one key (the first held in flight for 800 ms)');
    emulator.setFaults([{ route: 'POST /v2', mutationsOnly: true, first: 1, kind: 'latency', ms: 800 }]);
    const key = crypto.randomUUID();
    const started = performance.now();
    const first = client.createItem({ board_id: boardId, item_name: 'Kickoff' }, { idempotencyKey: key });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = client.createItem({ board_id: boardId, item_name: 'Kickoff' }, { idempotencyKey: key });
    const [a, b] = await Promise.all([first, second]);
    const elapsed = Math.round(performance.now() - started);
    for (const event of retries) {
      console.log(
        `   ${yellow('↻')} attempt ${event.attempt} got ${event.reason} → waited ${event.delayMs} ms (Retry-After), same key`,
      );
    }
    console.log(
      `   first: item ${a.data.create_item?.id} · second: item ${b.data.create_item?.id}, replayed: ${b.replayed} ${dim(`(${elapsed} ms)`)}`,
    );
    check(
      retries.some((e) => e.reason === 'idempotency-conflict'),
      'the duplicate got 409 and the client waited Retry-After',
    );
    check(a.data.create_item?.id === b.data.create_item?.id && b.replayed, 'both calls resolved to the one item');
    console.log(formatRateLimit(client.rateLimit));

    heading(5, 'what the emulator saw');
    const { stats } = emulator;
    console.log(
      `   requests ${stats.received} · mutations executed ${stats.executedMutations} · replayed ${stats.replayed} · 409s ${stats.rejected409}`,
    );
    check(stats.executedMutations === 2, 'four createItem calls executed exactly two mutations');
    console.log(`\n${green(bold('done'))} ${dim('— run `npm test` for the full suite')}`);
  } finally {
    await emulator.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});

/**
 * The error factory loads on demand (src/client/errors/response-error.ts), and a call that waits for it still ends
 * at its deadline and at its signal, its throttle permit given back then. From the built package (`npm run build`),
 * against the emulator over a socket: a copy of `dist/` whose factory chunk waits for a gate the test opens, as a
 * slow network delays an app's chunk. Each call below settles while the gate is still shut; nothing here is timed
 * but a bound on a hang.
 */
import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as Sdk from '../../src/index.js';
import { closeEmulators, DEMO_TOKEN, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

const root = new URL('../..', import.meta.url).pathname;
/** Inside `node_modules`, so the copy resolves the package's dependencies as `dist/` does, and git ignores it. */
const copy = mkdtempSync(join(root, 'node_modules', '.error-factory-gate-'));
/** The key of the gate on `globalThis`, which the delayed chunk awaits before it exports anything. */
const GATE = Symbol.for('workspace-platform-sdk.test.error-factory-gate');
const MISSING_BOARD = 'mutation { create_item(board_id: 999999999, item_name: "x") { id } }';
let sdk: typeof Sdk;
let openGate: () => void = () => undefined;
/** Whether the factory chunk got past its gate (it must not have, for the calls below to prove anything). */
const gateState = { open: false };

beforeAll(async () => {
  cpSync(join(root, 'dist'), copy, { recursive: true });
  const name = readdirSync(copy).find((file) => file.startsWith('error-factory-') && file.endsWith('.js'));
  if (!name) throw new Error('dist/ has no error-factory chunk: run `npm run build` first');
  const chunk = join(copy, name);
  const real = chunk.replace(/\.js$/, '.real.js');
  renameSync(chunk, real);
  (globalThis as Record<symbol, unknown>)[GATE] = new Promise<void>((resolve) => {
    openGate = () => {
      gateState.open = true;
      resolve();
    };
  });
  writeFileSync(
    chunk,
    `await globalThis[Symbol.for(${JSON.stringify(GATE.description)})];\nexport * from './${basename(real)}';\n`,
  );
  sdk = (await import(join(copy, 'index.js'))) as typeof Sdk;
});

afterAll(() => {
  openGate();
  rmSync(copy, { recursive: true, force: true });
});

/** How the call settled, or 'hung' when it had not after `boundMs` (a bound on a hang, not a timing). */
async function settle(call: Promise<unknown>, boundMs = 10_000): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise((resolve) => {
    timer = setTimeout(resolve, boundMs, 'hung');
  });
  try {
    return await Promise.race([
      call.then(
        () => 'resolved',
        (error: unknown) => error,
      ),
      hung,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a call waiting for the error factory', () => {
  it('ends at its signal, unblocked by the load, and gives its permit back', async () => {
    const emulator = await startTestEmulator();
    const client = new sdk.PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl, retry: { maxAttempts: 1 } });
    const controller = new AbortController();
    // Aborted once the response is in: the call is then waiting for the factory, and only the abort can end it.
    const responded = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (emulator.requests.length > 0) {
          clearInterval(poll);
          setTimeout(resolve, 200);
        }
      }, 10);
    });
    const call = client.request(MISSING_BOARD, undefined, { signal: controller.signal });
    await responded;
    controller.abort(new Error('the user left'));
    const outcome = await settle(call);
    expect(gateState.open).toBe(false);
    expect(outcome).toBeInstanceOf(sdk.NetworkError);
    expect((outcome as Sdk.NetworkError).aborted).toBe(true);
    expect(client.throttleState?.inFlight).toBe(0);
  }, 20_000);

  it('ends at its timeout, unblocked by the load, and gives its permit back', async () => {
    const emulator = await startTestEmulator();
    const client = new sdk.PlatformClient({
      token: DEMO_TOKEN,
      baseUrl: emulator.baseUrl,
      timeoutMs: 1_000,
      retry: { maxAttempts: 1 },
    });
    const outcome = await settle(client.request(MISSING_BOARD));
    expect(gateState.open).toBe(false);
    expect(outcome).toBeInstanceOf(sdk.NetworkError);
    expect((outcome as Sdk.NetworkError).timedOut).toBe(true);
    expect((outcome as Error).message).toContain('error module');
    expect(emulator.requests).toHaveLength(1);
    expect(client.throttleState?.inFlight).toBe(0);
  }, 20_000);

  it('gets its own error class once the load completes within its deadline', async () => {
    const emulator = await startTestEmulator();
    const client = new sdk.PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl, timeoutMs: 10_000 });
    const call = settle(client.request(MISSING_BOARD));
    await new Promise((resolve) => setTimeout(resolve, 300));
    openGate();
    expect(await call).toBeInstanceOf(sdk.NotFoundError);
    expect(client.throttleState?.inFlight).toBe(0);
  }, 20_000);
});

/**
 * Shared set-up of the end-to-end tests: a real emulator on an ephemeral port, a PlatformClient aimed
 * at it, and the close-everything step each test file runs after every test.
 */
import { DEMO_TOKEN, type Emulator, type EmulatorOptions, startEmulator } from '../../src/emulator/index.js';
import { PlatformClient, type PlatformClientOptions } from '../../src/index.js';

export { DEMO_OTHER_ACCOUNT_TOKEN, DEMO_READ_ONLY_TOKEN, DEMO_TOKEN } from '../../src/emulator/index.js';

/** The seed's roadmap board (account `acme`, the demo token's account). */
export const ROADMAP_BOARD_ID = '3001';
/** The demo token's account in the default seed. */
export const ACME_ACCOUNT_ID = 1001;

const running = new Set<Emulator>();

/** Starts an emulator on an ephemeral port; {@link closeEmulators} stops it. */
export async function startTestEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await startEmulator({ port: 0, ...options });
  running.add(emulator);
  return emulator;
}

/** Stops every emulator started by {@link startTestEmulator}. Register it with `afterEach`. */
export async function closeEmulators(): Promise<void> {
  const all = [...running];
  running.clear();
  await Promise.all(all.map((emulator) => emulator.close()));
}

/** A client of `emulator` with the demo token unless `options` say otherwise. */
export function clientFor(emulator: Emulator, options: Partial<PlatformClientOptions> = {}): PlatformClient {
  return new PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl, ...options });
}

/** Items of the store named `name`. */
export function itemsNamed(emulator: Emulator, name: string) {
  return emulator.store.items.all().filter((item) => item.name === name);
}

/** The requests the emulator received on `POST /v2`, oldest first. */
export function graphqlRequests(emulator: Emulator) {
  return emulator.requests.filter((record) => record.method === 'POST' && record.path.replace(/\/$/, '') === '/v2');
}

/** Resolves with how the promise settled and how long it took, in milliseconds. */
export async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const started = performance.now();
  try {
    const value = await promise;
    return { value, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

/** Resolves once `condition()` holds, polling every few milliseconds; rejects after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

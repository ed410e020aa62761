/**
 * Shared set-up of the end-to-end tests: a real emulator on an ephemeral port (started and closed by the one
 * emulator test harness, `packages/emulator/test/server-helpers.ts`), a PlatformClient aimed at it, and the
 * close-everything step each test file runs after every test.
 */
import { DEMO_TOKEN, type Emulator } from 'workspace-platform-emulator';
import { PlatformClient, type PlatformClientOptions } from '../../src/index.js';

export { DEMO_OTHER_ACCOUNT_TOKEN, DEMO_READ_ONLY_TOKEN, DEMO_TOKEN } from 'workspace-platform-emulator';
export {
  /** Stops every emulator started by {@link startTestEmulator}. Register it with `afterEach`. */
  closeTestEmulators as closeEmulators,
  itemsNamed,
  startTestEmulator,
  waitFor,
} from '../../packages/emulator/test/server-helpers.js';

/** The seed's roadmap board (account `acme`, the demo token's account). */
export const ROADMAP_BOARD_ID = '3001';
/** The demo token's account in the default seed. */
export const ACME_ACCOUNT_ID = 1001;

/** A client of `emulator` with the demo token unless `options` say otherwise. */
export function clientFor(emulator: Emulator, options: Partial<PlatformClientOptions> = {}): PlatformClient {
  return new PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl, ...options });
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

/**
 * `workspace-platform-emulator/testing`: what an app's test suite needs, for any test framework. Node only (it starts
 * the emulator).
 *
 * ```ts
 * const emulator = await createTestEmulator();
 * const client = new PlatformClient({ token: emulator.token, baseUrl: emulator.baseUrl });
 * beforeEach(() => emulator.reset());
 * afterAll(() => emulator.close());
 * ```
 *
 * @packageDocumentation
 * @module workspace-platform-emulator/testing
 */
export { EmulatorSettingsError } from '../settings-error.js';
export type { EmulatorSnapshot } from '../state/replaceable-engine.js';
export { EmulatorStateFileError } from '../state/state-file.js';
export type { TestClock } from './clock.js';
export { type Duration, durationMs } from './duration.js';
export {
  createTestEmulator,
  type TestEmulator,
  type TestEmulatorOptions,
  type TestEmulatorResetOptions,
} from './emulator.js';
export type { OAuthApproveOptions } from './oauth.js';
export {
  createSeed,
  type TestAutomationBlockInput,
  type TestAutomationInput,
  type TestAutomationRunInput,
  type TestBoard,
  type TestBoardInput,
  type TestColumnInput,
  type TestItemInput,
  type TestSeed,
  type TestSeedOptions,
  type TestUser,
  type TestUserInput,
} from './seed.js';
export { signWebhookToken } from './webhook-token.js';

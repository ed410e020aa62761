/**
 * `workspace-platform-sdk/testing`: moved to `workspace-platform-emulator/testing`, which this subpath forwards to
 * through the 0.x line.
 *
 * @deprecated Install `workspace-platform-emulator` and import from `workspace-platform-emulator/testing`.
 * @packageDocumentation
 */
import type * as Testing from 'workspace-platform-emulator/testing';
import { requireMoved } from './moved.js';

const moved = requireMoved<typeof Testing>({
  from: 'workspace-platform-sdk/testing',
  to: 'workspace-platform-emulator',
  now: 'workspace-platform-emulator/testing',
});

export type * from 'workspace-platform-emulator/testing';
/** @deprecated Import it from `workspace-platform-emulator/testing`. */
export const {
  EmulatorSettingsError,
  EmulatorStateFileError,
  createSeed,
  createTestEmulator,
  durationMs,
  signWebhookToken,
} = moved;
/** @deprecated Import it from `workspace-platform-emulator/testing`. */
export type EmulatorSettingsError = Testing.EmulatorSettingsError;
/** @deprecated Import it from `workspace-platform-emulator/testing`. */
export type EmulatorStateFileError = Testing.EmulatorStateFileError;

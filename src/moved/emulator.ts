/**
 * `workspace-platform-sdk/emulator`: moved to `workspace-platform-emulator`, which this subpath forwards to through
 * the 0.x line.
 *
 * @deprecated Install `workspace-platform-emulator` and import from it.
 * @packageDocumentation
 */
import type * as Emulator from 'workspace-platform-emulator';
import { requireMoved } from './moved.js';

const moved = requireMoved<typeof Emulator>({
  from: 'workspace-platform-sdk/emulator',
  to: 'workspace-platform-emulator',
  now: 'workspace-platform-emulator',
});

export type * from 'workspace-platform-emulator';
/** @deprecated Import it from `workspace-platform-emulator`. */
export const {
  DEFAULT_SEED_FACTS,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  DEMO_TOKENS,
  EmulatorSettingsError,
  EmulatorStateFileError,
  EmulatorStore,
  defaultSeed,
  startEmulator,
} = moved;
/** @deprecated Import it from `workspace-platform-emulator`. */
export type EmulatorSettingsError = Emulator.EmulatorSettingsError;
/** @deprecated Import it from `workspace-platform-emulator`. */
export type EmulatorStore = Emulator.EmulatorStore;
/** @deprecated Import it from `workspace-platform-emulator`. */
export type EmulatorStateFileError = Emulator.EmulatorStateFileError;

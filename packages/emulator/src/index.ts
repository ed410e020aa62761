/**
 * `workspace-platform-emulator`: a local emulator of the Workspace Platform API over a real socket,
 * the default target of the demo, codegen and end-to-end tests. Node only.
 *
 * ```ts
 * const emulator = await startEmulator({ port: 0 });
 * // POST `${emulator.baseUrl}/v2` with `Authorization: DEMO_TOKEN`
 * await emulator.close();
 * ```
 *
 * Stability through 0.x: `startEmulator`, its options, the tokens, faults and the testing kit's calls follow semver.
 * `EmulatorStore` and the record types are exported so tests can seed and inspect data; their shape follows what the
 * emulator models and may grow or change in a minor release while the version is 0.x (the changelog names each
 * change).
 *
 * @packageDocumentation
 * @module workspace-platform-emulator
 */
import type { EmulatorStore as Store } from './engine/index.js';
import type { RunningEmulator } from './server/emulator.js';
import { type EmulatorOptions, startEmulatorWith } from './start.js';
import type { EmulatorWebhooks } from './webhooks/delivery.js';

export type { TokenGrant } from './contract.js';
export type { BulkOptions } from './engine/bulk/settings.js';
export {
  type AccountRecord,
  type AssetRecord,
  type BoardRecord,
  type ColumnKind,
  type ColumnRecord,
  DEFAULT_SEED_FACTS,
  defaultSeed,
  EmulatorStore,
  type GroupRecord,
  type ItemRecord,
  type NewAsset,
  type NewItem,
  type RecordState,
  type SeedData,
  type SeedItem,
  type UserProfile,
  type UserRecord,
} from './engine/index.js';
export type { OAuthAppConfig, OAuthAppVersion, OAuthDirectory, OAuthRateLimit } from './oauth/index.js';
export {
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  DEMO_TOKENS,
} from './server/demo-tokens.js';
export type { FaultAction, FaultMatch, FaultRule } from './server/faults.js';
export type { EmulatorStats, RequestOutcome, RequestRecord } from './server/log.js';
export type {
  EmulatorIdempotencyOptions,
  EmulatorLimits,
  EmulatorServerOptions,
  EmulatorTokenConfig,
  WindowedQuota,
} from './server/options.js';
export { EmulatorSettingsError } from './settings-error.js';
export type { EmulatorOptions } from './start.js';
export { EmulatorStateFileError } from './state/state-file.js';
export type {
  EmulatorWebhooks,
  WebhookChallengeRecord,
  WebhookDeliveryAttempt,
  WebhookDeliveryRecord,
} from './webhooks/delivery.js';
export type { EmulatorWebhookOptions } from './webhooks/options.js';

/** Every quota and window in force, defaults filled in. */
export type EmulatorLimitsInForce = RunningEmulator['limits'];

/** A running emulator: its addresses, what it received, its data, and the controls of a test. */
export interface Emulator extends Omit<RunningEmulator, 'engine' | 'store'> {
  /** The in-memory data: accounts, users, boards, the items and files the mutations made. */
  readonly store: Store;
  /**
   * Webhook delivery: every event posted (`deliveries`, with each attempt) and every URL challenge (`challenges`).
   * Empty unless started with the `webhooks` option.
   */
  readonly webhooks: EmulatorWebhooks;
}

/**
 * Starts an emulator. Resolves once it listens; `close()` stops it.
 * With no options: an ephemeral port on 127.0.0.1, the demo tokens, the default seed and generous limits.
 * @throws {@link EmulatorSettingsError} (as a rejection) for an unknown, misspelled, mistyped or impossible option, naming
 * the key; nothing is started.
 * @throws {@link EmulatorStateFileError} (as a rejection) for a `snapshot` file that is missing, unreadable or not a state
 * file this emulator reads; nothing is started.
 * @throws Error (as a rejection) from the socket when it cannot listen (`code` `EADDRINUSE`, `EACCES`, ...).
 */
export function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulatorWith(options);
}

/**
 * Starting an emulator around an engine: the built-in one (fresh, seeded) unless a test hands in its
 * own. The public `startEmulator` is this without the engine option.
 */
import { type BulkOptions, createEngine, type Engine, type SeedData } from './engine/index.js';
import { storeDirectory } from './oauth/index.js';
import { type RunningEmulator, startEmulatorServer } from './server/emulator.js';
import type { EmulatorServerOptions } from './server/options.js';
import { checkEmulatorOptions } from './settings/emulator-settings.js';
import { WebhookDelivery } from './webhooks/delivery.js';
import { type EmulatorWebhookOptions, resolveWebhookOptions } from './webhooks/options.js';

/** Options of the public `startEmulator`: the server's options plus the data to start with. */
export interface EmulatorOptions extends EmulatorServerOptions {
  /** Data the store starts with. Default: the realistic sample of `defaultSeed()`. */
  seed?: SeedData;
  /**
   * How long an items cursor lives, in milliseconds; an older one gets a `CURSOR_EXPIRED` error. Default
   * 60 minutes, as on the platform.
   */
  cursorTtlMs?: number;
  /**
   * Deliver webhook events: `create_webhook` posts the URL challenge first, then each matching change is posted
   * (signed with `signingSecret` when given) and retried on failure. Only loopback URLs are accepted. Default: webhooks
   * are recorded, never delivered, and no URL is contacted.
   */
  webhooks?: EmulatorWebhookOptions;
  /**
   * Speeds and limits of the bulk jobs (`ingest_items`, `backfill_items`, `bulk_delete_items`, ...): rows applied
   * per second, the hourly item budget, the file size limit. Default: the documented limits, the emulator's speeds.
   */
  bulk?: BulkOptions;
}

/** A started emulator with its webhook delivery (`webhooks`, idle unless started with the `webhooks` option). */
export type StartedEmulator = RunningEmulator<Engine> & { readonly webhooks: WebhookDelivery };

/**
 * Starts an emulator serving `engine`, or a fresh built-in engine seeded from `options.seed`. The options are
 * checked here, once, before anything starts. Everything timed reads one clock: `options.now` when given (the
 * built-in engine is made on it), else the engine's; the server's windows, the version calendar, cursor expiry,
 * record stamps and webhook retries alike (pinned by test/testing/webhook-clock.test.ts and
 * test/testing/test-emulator.test.ts).
 * @throws {EmulatorSettingsError} for an unknown, misspelled, mistyped or impossible option.
 */
export async function startEmulatorWith(options: EmulatorOptions = {}, engine?: Engine): Promise<StartedEmulator> {
  checkEmulatorOptions(options);
  const { seed, cursorTtlMs, webhooks, bulk, ...serverOptions } = options;
  const clock = options.now;
  const built =
    engine ??
    createEngine({
      ...(seed ? { seed } : {}),
      ...(clock ? { clock: { now: clock } } : {}),
      ...(cursorTtlMs !== undefined ? { cursorTtlMs } : {}),
      ...(bulk ? { bulk } : {}),
    });
  const engineClock = built.clock;
  const now = clock ?? (engineClock ? () => engineClock.now() : Date.now);
  const delivery = new WebhookDelivery(resolveWebhookOptions(webhooks ?? {}), now, serverOptions.log);
  const { accounts, users } = built.store;
  const directory = { accounts: () => accounts.all(), users: () => users.all() };
  const oauthDirectory = serverOptions.oauthDirectory ?? (() => storeDirectory(directory));
  const running = await startEmulatorServer(built, { ...serverOptions, now, oauthDirectory });
  if (webhooks) delivery.attach(built.store);
  const close = running.close;
  return Object.assign(running, {
    webhooks: delivery,
    close: () => {
      delivery.close();
      return close();
    },
  });
}

/**
 * Starting an emulator around an engine: the built-in one (fresh, seeded) unless a test hands in its
 * own. The public `startEmulator` is this without the engine option.
 */
import { createEngine, type Engine } from './engine/index.js';
import { storeDirectory } from './oauth/index.js';
import type { EmulatorOptions } from './options.js';
import { type RunningEmulator, startEmulatorServer } from './server/emulator.js';
import { checkEmulatorOptions } from './settings/emulator-settings.js';
import { WebhookDelivery } from './webhooks/delivery.js';
import { resolveWebhookOptions } from './webhooks/options.js';

export type { EmulatorOptions } from './options.js';

/** A started emulator with its webhook delivery (`webhooks`, idle unless started with the `webhooks` option). */
export type StartedEmulator = RunningEmulator<Engine> & { readonly webhooks: WebhookDelivery };

/**
 * Starts an emulator serving `engine`, or a fresh built-in engine seeded from `options.seed`. The options are
 * checked here, once, before anything starts. Everything timed reads one clock: `options.now` when given (the
 * built-in engine is made on it), else the engine's; the server's windows, the version calendar, cursor expiry,
 * record stamps and webhook retries alike (pinned by test/testing/webhook-clock.test.ts and
 * test/testing/test-emulator.test.ts).
 * @throws {@link EmulatorSettingsError} for an unknown, misspelled, mistyped or impossible option.
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

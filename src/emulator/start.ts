/**
 * Starting an emulator around an engine: the built-in one (fresh, seeded) unless a test hands in its
 * own. The public `startEmulator` is this without the engine option.
 */
import { createEngine, type Engine, type SeedData } from './engine/index.js';
import { storeDirectory } from './oauth/index.js';
import { type RunningEmulator, startEmulatorServer } from './server/emulator.js';
import type { EmulatorServerOptions } from './server/options.js';
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
}

/** A started emulator with its webhook delivery (`webhooks`, idle unless started with the `webhooks` option). */
export type StartedEmulator = RunningEmulator<Engine> & { readonly webhooks: WebhookDelivery };

/** Starts an emulator serving `engine`, or a fresh built-in engine seeded from `options.seed`. */
export async function startEmulatorWith(options: EmulatorOptions & { engine?: Engine } = {}): Promise<StartedEmulator> {
  const { seed, engine, cursorTtlMs, webhooks, ...serverOptions } = options;
  const delivery = new WebhookDelivery(resolveWebhookOptions(webhooks ?? {}), options.now ?? Date.now);
  const clock = options.now;
  const built =
    engine ??
    createEngine({
      ...(seed ? { seed } : {}),
      ...(clock ? { now: () => new Date(clock()) } : {}),
      ...(cursorTtlMs !== undefined ? { cursorTtlMs } : {}),
    });
  const oauthDirectory = serverOptions.oauthDirectory ?? (() => storeDirectory(built.store));
  const running = await startEmulatorServer(built, { ...serverOptions, oauthDirectory });
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

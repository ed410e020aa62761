/**
 * The options of `startEmulator`, in a module of their own: the server's options plus the data to start with and
 * webhook delivery. Option checking (./settings/) and starting (./start.ts) both read them; neither imports the other
 * for it.
 */
import type { BulkOptions } from './engine/bulk/settings.js';
import type { SeedData } from './engine/store/seed.js';
import type { EmulatorServerOptions } from './server/options.js';
import type { EmulatorWebhookOptions } from './webhooks/options.js';

/** Options of the public `startEmulator`: the server's options plus the data to start with. */
export interface EmulatorOptions extends EmulatorServerOptions {
  /** Data the store starts with. Default: the realistic sample of `defaultSeed()`. */
  seed?: SeedData;
  /**
   * A state file to start from: a snapshot of real boards (the `snapshot` command) or a saved state (`saveState`,
   * `exportOnExit`). Its boards are served with their ids; a saved state comes back whole (ids, records, webhooks,
   * bulk jobs). Without `tokens`, the demo tokens act as the user who read the snapshot. Not with `seed`. A test
   * emulator's `reset()` goes back to the file's seed; `restore()` a `snapshot()` taken at start to go back to a loaded
   * state.
   */
  snapshot?: string;
  /** With `snapshot`: serve the sample data of `defaultSeed()` beside the file's boards. Default false. */
  sampleData?: boolean;
  /**
   * Write the emulator's whole state to this file when it is closed (`close()`, or the command's Ctrl+C), to start
   * from again with `snapshot`. Mutations are journaled from the start for it.
   */
  exportOnExit?: string;
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

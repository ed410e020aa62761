/** The emulator's `webhooks` option, checked and defaulted once at start. */

/** Delivery of webhook events by the emulator. */
export interface EmulatorWebhookOptions {
  /**
   * The app's signing secret: each delivery carries `Authorization: <JWT>` signed HS256 with it, as the platform
   * signs an app's webhooks. Omitted: deliveries carry no `Authorization`, as the platform's do for webhooks made
   * with a personal token.
   */
  signingSecret?: string;
  /** Wait between attempts of a failed delivery, in milliseconds of the emulator's clock. Default 60 000. */
  retryIntervalMs?: number;
  /** How long a failed delivery is retried, in milliseconds of the emulator's clock. Default 30 minutes. */
  retryForMs?: number;
  /** Longest wait for a receiver's answer (challenge or delivery), in milliseconds. Default 10 000. */
  timeoutMs?: number;
  /**
   * Most deliveries kept pending (first attempt in flight or retries to come) at once. Past it the oldest pending
   * delivery is dropped (marked `failed`, no more retries) with a line in the emulator's log, so a receiver that
   * refuses everything cannot make the emulator's memory grow without bound. Default 10 000.
   */
  maxPendingDeliveries?: number;
}

/** Options with every default filled in. */
export interface ResolvedWebhookOptions {
  signingSecret: string | undefined;
  retryIntervalMs: number;
  retryForMs: number;
  timeoutMs: number;
  maxPendingDeliveries: number;
}

const KEYS = ['signingSecret', 'retryIntervalMs', 'retryForMs', 'timeoutMs', 'maxPendingDeliveries'];

function positiveNumber(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(
      `Emulator option webhooks.${name} must be a positive number of milliseconds, got ${String(value)}`,
    );
  }
  return value;
}

function positiveCount(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new RangeError(`Emulator option webhooks.${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/**
 * Checks and defaults the `webhooks` option.
 * @throws RangeError naming the key: an unknown key, an empty `signingSecret`, a non-positive duration or count.
 */
export function resolveWebhookOptions(options: EmulatorWebhookOptions): ResolvedWebhookOptions {
  if (typeof options !== 'object' || options === null)
    throw new RangeError('Emulator option webhooks must be an object');
  for (const key of Object.keys(options)) {
    if (!KEYS.includes(key))
      throw new RangeError(`Emulator option webhooks.${key} is unknown; the keys are ${KEYS.join(', ')}`);
  }
  const secret = options.signingSecret;
  if (secret !== undefined && (typeof secret !== 'string' || secret === '')) {
    throw new RangeError('Emulator option webhooks.signingSecret must be a non-empty string');
  }
  return {
    signingSecret: secret,
    retryIntervalMs: positiveNumber(options.retryIntervalMs, 60_000, 'retryIntervalMs'),
    retryForMs: positiveNumber(options.retryForMs, 30 * 60_000, 'retryForMs'),
    timeoutMs: positiveNumber(options.timeoutMs, 10_000, 'timeoutMs'),
    maxPendingDeliveries: positiveCount(options.maxPendingDeliveries, 10_000, 'maxPendingDeliveries'),
  };
}

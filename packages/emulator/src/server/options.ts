/**
 * Options of the emulator's HTTP server and their defaults, filled in once at start. Whether an option is known,
 * well typed and possible is checked before this, at the edge (settings/emulator-settings.ts); the guard in
 * `positive` only keeps a direct start of the server from running on nonsense.
 */

import type { Scope } from 'workspace-platform-sdk';
import type { TokenGrant } from '../contract.js';
import type { OAuthAppConfig, OAuthDirectory, OAuthRateLimit } from '../oauth/index.js';
import type { FaultRule } from './faults.js';
import type { VersionRouting } from './versions.js';

/** A bearer token the emulator accepts, with the account, user and scopes it acts with. */
export interface EmulatorTokenConfig {
  /** The credential itself, sent bare or as `Bearer <token>`. */
  token: string;
  /** Personal API token (default) or OAuth access token. */
  kind?: TokenGrant['kind'];
  /** Account the token acts in. */
  accountId: number;
  /** User the token acts as. */
  userId: number;
  /** Scopes granted. Default: every scope. */
  scopes?: readonly Scope[];
  /** For OAuth tokens: the app's client_id. */
  clientId?: string;
}

/**
 * A quota counted over fixed windows aligned to the emulator's start time, except a daily quota's window of whole
 * days, which is aligned to midnight UTC on the emulator's clock (as the platform's daily limit resets).
 */
export interface WindowedQuota {
  /** Allowed units per window. */
  quota?: number;
  /** Window length in seconds. */
  windowSeconds?: number;
}

/** Every quota and window of the rate limiter; each part optional. */
export interface EmulatorLimits {
  /** Requests per window (policy `minuteRate`). Default 1 000 per 60 s. */
  minuteRate?: WindowedQuota;
  /** Requests executing at once (policy `concurrency`). Default 40. */
  concurrency?: { quota?: number };
  /**
   * Complexity budget per window (policy `complexityMinute`). Default 10 000 000 per 60 s: the combined budget of a
   * personal API token (https://developer.monday.com/api-reference/docs/rate-limits). The platform gives an app's
   * token 5 000 000 for reads and 5 000 000 for writes instead; the emulator keeps one budget per account, so set
   * 5 000 000 to mimic an app's writes.
   */
  complexity?: WindowedQuota;
  /**
   * Most complexity one request may cost; a costlier one is refused unexecuted and uncharged with
   * `REQUEST_MAX_COMPLEXITY_EXCEEDED`. Default 5 000 000 ("Individual query: 5,000,000", the rate-limits page).
   */
  complexityPerQuery?: number;
  /**
   * Requests per day (not advertised in headers). Default 1 000 000 per 86 400 s, the window running from midnight
   * UTC on the emulator's clock (a window shorter than a day, for tests, starts with the emulator).
   */
  daily?: WindowedQuota;
}

/** Idempotency cache settings. */
export interface EmulatorIdempotencyOptions {
  /** How long a response stays replayable, in milliseconds. Default 30 minutes. */
  ttlMs?: number;
  /** `Retry-After` seconds on a 409 for a key still in flight. Default 1. */
  retryAfterSeconds?: number;
  /** Most bytes of answers kept for replay; past it the oldest are forgotten first. Default 64 MiB. */
  maxCachedBytes?: number;
}

/** Options of the emulator's HTTP server. All optional. */
export interface EmulatorServerOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1`. */
  host?: string;
  /** Accepted tokens. Default: the demo tokens (`DEMO_TOKENS`). */
  tokens?: readonly EmulatorTokenConfig[];
  /** Quotas and windows. */
  limits?: EmulatorLimits;
  /** Idempotency cache settings. */
  idempotency?: EmulatorIdempotencyOptions;
  /** Supported API versions (a subset of the engine's). Default: every version the engine serves. */
  versions?: readonly string[];
  /** Version used when a request sends no `API-Version`. Default: the version current on the emulator's clock. */
  defaultVersion?: string;
  /**
   * What a call for a deprecated, unknown or unsupported version gets: `route` (default, as the platform does)
   * answers it with the version the platform routes it to (or the default) plus a warning in
   * `extensions.warnings`; `refuse` answers 400 `UNSUPPORTED_API_VERSION`, for tests that want strictness.
   */
  versionRouting?: VersionRouting;
  /** Largest JSON body accepted, in bytes; larger gets 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Largest multipart upload accepted, in bytes; larger gets 413. Default 10 MiB. */
  maxUploadBytes?: number;
  /**
   * How an exhausted complexity budget is reported: `status-429` (default, as the spec says) or
   * `graphql-error` (200 with `COMPLEXITY_BUDGET_EXHAUSTED` in `errors`, as the live platform does), or
   * `complexity-exception` (200 with `error_code: 'ComplexityException'`, `status_code: 429`, the platform's older shape).
   */
  complexityErrorStyle?: 'status-429' | 'graphql-error' | 'complexity-exception';
  /** OAuth apps registered with the emulator's `/oauth2/` endpoints. */
  apps?: readonly OAuthAppConfig[];
  /** Accounts and users the OAuth consent page offers. Default: those of the engine's store (via `startEmulator`). */
  oauthDirectory?: () => OAuthDirectory;
  /** Id of the user signed in on the OAuth consent page. Default: the directory's first user. */
  oauthUser?: number;
  /** Requests one client address may make to `/oauth2/*` per window; more get 429. Default: 300 per 60 s. */
  oauthRateLimit?: OAuthRateLimit;
  /** Fault rules applied from the start; change them later with `setFaults`. */
  faults?: readonly FaultRule[];
  /** Clock in milliseconds: rate windows, OAuth, and the version calendar (default version, `version { kind }`). Default `Date.now`. */
  now?: () => number;
  /** Most request records kept in `requests` (the oldest are dropped first). Default 10 000. */
  maxRecords?: number;
  /** Receives one line per answered request (never containing a token). Default: silent. */
  log?: (line: string) => void;
}

/** Limits with every default filled in. */
export interface ResolvedLimits {
  /** Requests per window (policy `minuteRate`). */
  minuteRate: { quota: number; windowSeconds: number };
  /** Requests executing at once (policy `concurrency`). */
  concurrency: { quota: number };
  /** Complexity budget per window (policy `complexityMinute`). */
  complexity: { quota: number; windowSeconds: number };
  /** Most complexity one request may cost. */
  complexityPerQuery: number;
  /** Requests per day (not advertised in headers). */
  daily: { quota: number; windowSeconds: number };
}

const MINUTE = 60;
const DAY = 86_400;

/** Fills in every default limit. */
export function resolveLimits(limits: EmulatorLimits = {}): ResolvedLimits {
  return {
    minuteRate: {
      quota: positive(limits.minuteRate?.quota, 1_000, 'limits.minuteRate.quota'),
      windowSeconds: positive(limits.minuteRate?.windowSeconds, MINUTE, 'limits.minuteRate.windowSeconds'),
    },
    concurrency: { quota: positive(limits.concurrency?.quota, 40, 'limits.concurrency.quota') },
    complexity: {
      quota: positive(limits.complexity?.quota, 10_000_000, 'limits.complexity.quota'),
      windowSeconds: positive(limits.complexity?.windowSeconds, MINUTE, 'limits.complexity.windowSeconds'),
    },
    complexityPerQuery: positive(limits.complexityPerQuery, 5_000_000, 'limits.complexityPerQuery'),
    daily: {
      quota: positive(limits.daily?.quota, 1_000_000, 'limits.daily.quota'),
      windowSeconds: positive(limits.daily?.windowSeconds, DAY, 'limits.daily.windowSeconds'),
    },
  };
}

/** Returns `value` when it is a positive finite number, `fallback` when undefined; throws otherwise. */
export function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`Emulator option ${name} must be a positive number, got ${String(value)}`);
  }
  return value;
}

/**
 * The state one running emulator shares between its routes.
 */
import type { GraphQLEngine } from '../contract.js';
import type { TokenRegistry } from './auth.js';
import type { FaultPlan } from './faults.js';
import type { IdempotencyCache } from './idempotency.js';
import type { RequestLog } from './log.js';
import type { RateLimiter } from './rate-limit.js';
import type { VersionPolicy } from './versions.js';

/** Everything a route handler needs. */
export interface ServerContext {
  engine: GraphQLEngine;
  tokens: TokenRegistry;
  versions: VersionPolicy;
  limiter: RateLimiter;
  idempotency: IdempotencyCache;
  faults: FaultPlan;
  log: RequestLog;
  now: () => number;
  /** Aborted when the emulator closes, so pending waits end at once. */
  closing: AbortSignal;
  maxBodyBytes: number;
  maxUploadBytes: number;
  complexityErrorStyle: 'status-429' | 'graphql-error' | 'complexity-exception';
  /** `Retry-After` seconds on an idempotency conflict. */
  conflictRetryAfterSeconds: number;
  /** The server's own origin (`http://127.0.0.1:4010`), once it listens: where the bulk jobs' addresses point. */
  origin: string;
}

/** Waits `ms` milliseconds, or less if the emulator closes meanwhile. */
export function waitUnlessClosing(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

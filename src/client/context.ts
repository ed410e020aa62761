/**
 * What a client hands the modules that run its calls: its options, secrets kept apart, its throttle,
 * watchdog and prebuilt headers. Its own module, so the pipeline and the steps it calls all depend on
 * it rather than on one another.
 */

import type { ResolvedCallOptions } from './call-options.js';
import type { Redactor } from './errors/redact.js';
import type { ResolvedClientOptions } from './options.js';
import type { DeadlineWatchdog } from './request/attempt-deadline.js';
import type { RequestHeaders } from './request/request-headers.js';
import type { Throttle } from './throttle/throttle.js';
import type { RateLimitState } from './types.js';

/** What the pipeline needs from the client that runs it. */
export interface PipelineContext {
  options: ResolvedClientOptions;
  /** The Authorization header value. Never leaves the pipeline except to fetch. */
  authorization: string;
  redact: Redactor;
  throttle: Throttle;
  /** Records the rate-limit state of every response. */
  onRateLimit(state: RateLimitState): void;
  /** The client's request headers, built once (see `requestHeaders`). */
  headers: RequestHeaders;
  /** The options of a call that passes none, resolved once. */
  defaultCall: ResolvedCallOptions;
  /** Ends attempts that pass their per-attempt timeout. */
  deadlines: DeadlineWatchdog;
}

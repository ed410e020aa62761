/**
 * A set of client hooks that records every event it receives, shared by the unit and end-to-end hook tests.
 */
import type { RequestEvent, ResponseEvent, RetryEvent, ThrottleEvent } from '../src/client/types.js';

/** The events recorded so far, by hook. */
export interface RecordedEvents {
  request: RequestEvent[];
  response: ResponseEvent[];
  retry: RetryEvent[];
  throttle: ThrottleEvent[];
}

/** Hooks to pass as the client's `hooks` option, and the arrays they fill. */
export function recordingHooks() {
  const events: RecordedEvents = { request: [], response: [], retry: [], throttle: [] };
  const hooks = {
    onRequest: (event: RequestEvent) => events.request.push(event),
    onResponse: (event: ResponseEvent) => events.response.push(event),
    onRetry: (event: RetryEvent) => events.retry.push(event),
    onThrottle: (event: ThrottleEvent) => events.throttle.push(event),
  };
  return { events, hooks };
}

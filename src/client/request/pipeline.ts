/**
 * One logical call, from document to {@link ApiResult}: analyse the document (cached), give a mutation
 * its Idempotency-Key (one per call, kept across retries), then per attempt: wait for the throttle,
 * send, interpret the response (rate-limit headers, error classification, hooks), release.
 *
 * Where each rule of the API is implemented (file under src/client/: function):
 *
 * | rule | where |
 * |---|---|
 * | bearer token on every call, never on `getSchema` | request/request-headers.ts: requestHeaders; calls/schema.ts: fetchSchema |
 * | `API-Version`: the client's, or a generated document's own version | request/request-headers.ts: requestHeaders; request/pipeline.ts: planCall |
 * | `Idempotency-Key` on every mutation, kept across retries | request/idempotency.ts: idempotencyKeyFor, isRepeatable |
 * | `Idempotency-Replayed` read back | request/interpret-response.ts: interpretResponse |
 * | header names and the headers a caller may not set | constants.ts; validate.ts: checkHeaders |
 * | `RateLimit` / `RateLimit-Policy` parsing (a negative `t` is no reset time) | rate-limit/rate-limit.ts: parseRateLimit |
 * | which response is which error (401, 409, 429, budget, version, 3xx, size); the factory loads on demand, at the first failed response | errors/error-factory.ts: createResponseError; errors/response-error.ts |
 * | how long to wait: `Retry-After`, `retry_in_seconds`, exhausted `t` (errors/server-wait.ts); 409 default (retry/retry-policy.ts), backoff (retry/retry-timing.ts) | errors/server-wait.ts; retry/retry-policy.ts: decideRetry; retry/retry-timing.ts: backoffDelayMs |
 * | what is retried, and when to give up | retry/retry-policy.ts: decideRetry; retry/retry.ts: waitToRetry; request/pipeline.ts: runAttempt |
 * | throttle: quota windows, concurrency, holds after a 429, the daily hold, queue timeouts (its own rule map) | throttle/throttle.ts: createThrottle (fed by interpretResponse) |
 * | a wait the server imposes (429 pause, daily limit) longer than `retry.maxDelayMs` fails fast, unsent; local pacing waits, bounded by `signal` and `queueTimeoutMs` | throttle/throttle.ts: acquire; request/pipeline.ts: acquirePermit |
 * | the public error of a call the throttle would not send, its module loaded on demand at the first | errors/throttle-refusal.ts: throttleRefusal; request/pipeline.ts: acquirePermit |
 * | which limit refused (daily, minute, complexity, concurrency, IP, one mutation); the daily one a `DailyLimitError`, never retried, holding later calls until its reset | errors/rate-limit-errors.ts; retry/retry-policy.ts: classify; request/interpret-response.ts |
 * | redirects refused, body read under `maxResponseBytes` | request/transport.ts: sendRequest; request/body.ts: readBodyText |
 * | per-attempt timeout, one watchdog per client | request/attempt-deadline.ts: DeadlineWatchdog; request/transport.ts: sendRequest |
 * | the error factory's load, awaited within the attempt's deadline and the call's signal | request/pipeline.ts: runAttempt; request/on-demand.ts: loadWithin |
 * | a failure named (method, URL, cause), token redacted | request/attempt-deadline.ts: attemptFailure; errors/redact.ts |
 * | file uploads (multipart), loaded on demand | request/upload.ts: uploadReady; request/multipart.ts: planUpload |
 */
import type { CallLabel } from '../call-label.js';
import { type ResolvedCallOptions, resolveCallOptions } from '../call-options.js';
import { API_VERSION_HEADER, IDEMPOTENCY_KEY } from '../constants.js';
import type { PipelineContext } from '../context.js';
import { documentReady, type PreparedOperation, prepareOperation } from '../documents/document.js';
import { isGraphQLSuccess } from '../errors/error-info.js';
import type { PlatformError } from '../errors/errors.js';
import { redactHeaders } from '../errors/redact.js';
import { loadErrorFactory } from '../errors/response-error.js';
import { callHook } from '../hooks.js';
import { isObject } from '../object-reads.js';
import { abortedError, waitToRetry } from '../retry/retry.js';
import { type Permit, ThrottleQueueTimeout, ThrottleWaitTooLongError } from '../throttle/throttle.js';
import type { ApiResult } from '../types.js';
import { refuse } from '../validate.js';
import { attemptFailure, monotonicNow } from './attempt-deadline.js';
import { idempotencyKeyFor, isRepeatable } from './idempotency.js';
import { interpretResponse } from './interpret-response.js';
import { loadOnDemand, loadWithin } from './on-demand.js';
import { hasCallHeaders } from './request-headers.js';
import { sendRequest, type TransportRequest } from './transport.js';
import { uploadPlanOf, uploadReady } from './upload.js';

/** A call worked out once: what every attempt sends (the plan is the transport's request) and what names it. */
interface CallPlan extends TransportRequest {
  operation: PreparedOperation;
  call: ResolvedCallOptions;
  idempotencyKey?: string;
  label: CallLabel & { apiVersion: string };
}

/**
 * Runs one GraphQL operation with retries. Not an `async` function: it hands back the first attempt's
 * own promise instead of wrapping it in another (which costs every call a promise and two microtask
 * hops); a call that fails validation still rejects rather than throws.
 */
export function executeOperation<TResult>(
  context: PipelineContext,
  document: unknown,
  variables: unknown,
  rawOptions: unknown,
): Promise<ApiResult<TResult>> {
  // An AST without source text, or variables holding a file, first load the code for them (rare, on demand).
  const loading = documentReady(document) ?? uploadReady(variables);
  if (loading) return loading.then(() => executeOperation<TResult>(context, document, variables, rawOptions));
  let plan: CallPlan;
  try {
    plan = planCall(context, document, variables, rawOptions);
  } catch (error) {
    return Promise.reject(error);
  }
  return runAttempt<TResult>(context, plan, 1, 0);
}

/**
 * Validates a call and works out what every attempt of it sends, once; throws a PlatformConfigError (or the abort)
 * when it cannot start, so the call rejects unsent.
 */
function planCall(context: PipelineContext, document: unknown, variables: unknown, rawOptions: unknown): CallPlan {
  const call = rawOptions === undefined ? context.defaultCall : resolveCallOptions(rawOptions, context.options);
  if (variables !== undefined && variables !== null && !isObject(variables)) {
    refuse('variables', 'an object', variables);
  }
  const operation = prepareOperation(document, call.operationName);
  const idempotencyKey = idempotencyKeyFor(operation.kind, call.idempotencyKey);
  const vars = (variables ?? undefined) as Record<string, unknown> | undefined;
  const upload = uploadPlanOf(vars);
  const { options } = context;
  // A generated document is sent at the version its types come from; anything else at the client's.
  const apiVersion = operation.apiVersion ?? options.apiVersion;
  const versioned = apiVersion !== options.apiVersion;
  let headers: Record<string, string> = context.headers.json;
  if (upload || idempotencyKey || versioned || hasCallHeaders(call.headers)) {
    // The JSON headers hold Content-Type already, and a call's own headers may not set it (validate.ts: checkHeaders).
    headers = { ...(upload ? context.headers.multipart : headers), ...call.headers, ...context.headers.fixed };
    if (idempotencyKey) headers[IDEMPOTENCY_KEY] = idempotencyKey;
    if (versioned) headers[API_VERSION_HEADER] = apiVersion;
  }
  const label = { operationName: operation.name, idempotencyKey, apiVersion };
  if (call.signal?.aborted) throw abortedError(call.signal, label);
  return {
    url: options.endpoint,
    fetch: options.fetch,
    query: operation.text,
    operationName: operation.name,
    variables: vars,
    headers,
    upload,
    maxResponseBytes: options.maxResponseBytes,
    signal: call.signal,
    operation,
    call,
    idempotencyKey,
    label,
  };
}

async function acquirePermit(context: PipelineContext, plan: CallPlan): Promise<Permit> {
  try {
    return await context.throttle.acquire({
      signal: plan.call.signal,
      maxWaitMs: plan.call.retry.maxDelayMs,
      queueTimeoutMs: plan.call.queueTimeoutMs,
      operationName: plan.operation.name,
      document: plan.operation.text,
    });
  } catch (error) {
    // An abort passes as it is: the caller's retry step (waitToRetry) turns it into the call's abort error.
    if (!(error instanceof ThrottleWaitTooLongError || error instanceof ThrottleQueueTimeout)) throw error;
    // A refusal is rare: the code that words it loads on demand, at the first (the time of refusal read before).
    const nowMs = Date.now();
    const { throttleRefusal } = await loadOnDemand(import('../errors/throttle-refusal.js'), 'throttle refusal');
    throw throttleRefusal(error, plan.label, plan.call.queueTimeoutMs, nowMs);
  }
}

/**
 * Attempt `attempt` of a call (`waitedMs` already spent between earlier ones), and the attempts after it when it
 * fails and the retry policy allows: the first, successful attempt runs no retry loop and builds nothing for one.
 */
async function runAttempt<TResult>(
  context: PipelineContext,
  plan: CallPlan,
  attempt: number,
  waitedMs: number,
): Promise<ApiResult<TResult>> {
  const { options, redact } = context;
  const { operation, call } = plan;
  let permit: Permit | undefined;
  try {
    // The common case takes its permit at once; only a held or full throttle costs a wait.
    permit =
      (call.signal?.aborted ? undefined : context.throttle.tryAcquire(operation.text)) ??
      (await acquirePermit(context, plan));
    const { onRequest } = options.hooks;
    if (onRequest) {
      callHook(onRequest, () => ({
        operationName: operation.name,
        kind: operation.kind,
        attempt,
        url: options.endpoint,
        headers: redactHeaders(plan.headers, redact),
        idempotencyKey: plan.idempotencyKey,
      }));
    }
    const started = options.hooks.onResponse ? Date.now() : 0; // only the onResponse hook reads it
    const sentAt = monotonicNow(); // the attempt's deadline counts from here, should the factory load
    const response = await sendRequest(plan, {
      number: attempt,
      timeoutMs: call.timeoutMs,
      deadlines: context.deadlines,
      redact,
      label: plan.label,
    });
    // A failed response's error class comes from the error factory, which the first one loads.
    const failed = !isGraphQLSuccess(response.status, response.payload);
    const loading = failed && loadErrorFactory();
    let stopped: PlatformError | undefined;
    if (loading) {
      // Waited for within the attempt's deadline and the call's signal. When the call stops first, the response is
      // still observed (its rate-limit state, a 429's pause, the onResponse hook), and the call rejects with the
      // abort, or a timeout that names what it waited for (test/e2e/on-demand-deadline.test.ts).
      const deadline = call.timeoutMs > 0 ? context.deadlines.start(call.timeoutMs, sentAt) : undefined;
      if (!(await loadWithin(loading, call.signal, deadline))) {
        stopped = attemptFailure(
          undefined,
          deadline,
          redact,
          {
            method: 'POST',
            url: `${plan.url} (HTTP ${response.status}: the SDK's error module did not load in time to read it)`,
            attempts: attempt,
          },
          plan.label,
        );
      }
      if (deadline) context.deadlines.finish(deadline);
    }
    return interpretResponse<TResult>(context, plan.label, attempt, response, started, permit, failed, stopped);
  } catch (error) {
    // The permit goes back before the wait: a retry takes a new one (a second release does nothing).
    permit?.release();
    const delayMs = await waitToRetry(error, attempt, waitedMs, {
      policy: call.retry,
      signal: call.signal,
      repeatable: isRepeatable(operation.kind, plan.idempotencyKey),
      onRetry: (event) => callHook(options.hooks.onRetry, { ...event, operationName: operation.name }),
      label: plan.label,
    });
    return runAttempt<TResult>(context, plan, attempt + 1, waitedMs + delayMs);
  } finally {
    permit?.release();
  }
}

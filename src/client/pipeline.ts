/**
 * One logical call, from document to {@link ApiResult}: analyse the document (cached), give a mutation
 * its Idempotency-Key (one per call, kept across retries), then per attempt: wait for the throttle,
 * send, parse the rate-limit headers, classify the response, observe, release.
 */
import { v4 as uuidv4 } from 'uuid';
import { attemptFailure, type DeadlineWatchdog } from './attempt-deadline.js';
import { type ResolvedCallOptions, resolveCallOptions } from './call-options.js';
import { type PreparedOperation, prepareOperation } from './document.js';
import { RateLimitError } from './errors.js';
import { callHook } from './hooks.js';
import { planUpload } from './multipart.js';
import type { ResolvedClientOptions } from './options.js';
import { type Redactor, redactHeaders } from './redact.js';
import { hasCallHeaders, type RequestHeaders, requestHeaders } from './request-headers.js';
import { abortedError, withRetry } from './retry.js';
import { settle } from './settle.js';
import { type Permit, type Throttle, ThrottleWaitTooLongError } from './throttle.js';
import { sendRequest, type TransportRequest, type TransportResponse } from './transport.js';
import type { ApiResult, RateLimitState } from './types.js';
import { describe, fail, isObject } from './validate.js';

/** What the pipeline needs from the client that runs it. */
export interface PipelineContext {
  options: ResolvedClientOptions;
  /** The Authorization header value. Never leaves the pipeline except to fetch. */
  authorization: string;
  redact: Redactor;
  throttle: Throttle;
  /** Records the rate-limit state of every response. */
  onRateLimit(state: RateLimitState): void;
  /** The client's request headers, built once (see {@link requestHeaders}). */
  headers: RequestHeaders;
  /** The options of a call that passes none, resolved once. */
  defaultCall: ResolvedCallOptions;
  /** Ends attempts that pass their per-attempt timeout. */
  deadlines: DeadlineWatchdog;
}

interface CallPlan {
  operation: PreparedOperation;
  call: ResolvedCallOptions;
  headers: Record<string, string>;
  idempotencyKey?: string;
  label: { operationName?: string; idempotencyKey?: string; apiVersion: string };
  /** What every attempt sends, built once per call; an attempt with its own signal sends a copy. */
  request: TransportRequest;
}

/**
 * Runs one GraphQL operation with retries. Not an `async` function: it hands back the retry loop's
 * own promise instead of wrapping it in another (which costs every call a promise and two microtask
 * hops); a call that fails validation still rejects rather than throws.
 */
export function executeOperation<TResult>(
  context: PipelineContext,
  document: unknown,
  variables: unknown,
  rawOptions: unknown,
): Promise<ApiResult<TResult>> {
  let plan: CallPlan;
  try {
    plan = planCall(context, document, variables, rawOptions);
  } catch (error) {
    return Promise.reject(error);
  }
  const { onRetry } = context.options.hooks;
  const { call, operation } = plan;
  return withRetry((attempt) => runAttempt<TResult>(context, plan, attempt), {
    policy: call.retry,
    signal: call.signal,
    repeatable: operation.kind !== 'mutation' || plan.idempotencyKey !== undefined,
    onRetry: onRetry && ((event) => callHook(onRetry, { ...event, operationName: operation.name })),
    abortDetails: plan.label,
  });
}

/** Validates a call and works out what it sends; throws a PlatformConfigError (or the abort) when it cannot start. */
function planCall(context: PipelineContext, document: unknown, variables: unknown, rawOptions: unknown): CallPlan {
  const call = rawOptions === undefined ? context.defaultCall : resolveCallOptions(rawOptions, context.options);
  if (variables !== undefined && variables !== null && !isObject(variables)) {
    fail(`variables must be an object; got ${describe(variables)}.`);
  }
  const operation = prepareOperation(document, call.operationName);
  const idempotencyKey = operation.kind === 'mutation' ? (call.idempotencyKey ?? uuidv4()) : undefined;
  const vars = (variables ?? undefined) as Record<string, unknown> | undefined;
  const upload = planUpload(vars);
  const { options } = context;
  // A generated document is sent at the version its types come from; anything else at the client's.
  const apiVersion = operation.apiVersion ?? options.apiVersion;
  const versioned = apiVersion !== options.apiVersion;
  let headers: Record<string, string> = context.headers.json;
  if (upload || idempotencyKey || versioned || hasCallHeaders(call.headers)) {
    headers = { ...(upload ? context.headers.multipart : headers), ...call.headers, ...context.headers.fixed };
    if (!upload) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (versioned) headers['api-version'] = apiVersion;
  }
  const label = { operationName: operation.name, idempotencyKey, apiVersion };
  if (call.signal?.aborted) throw abortedError(call.signal, label);
  const request: TransportRequest = {
    url: options.endpoint,
    fetch: options.fetch,
    query: operation.text,
    operationName: operation.name,
    variables: vars,
    headers,
    upload,
    maxResponseBytes: options.maxResponseBytes,
  };
  if (call.signal) request.signal = call.signal;
  return { operation, call, headers, idempotencyKey, label, request };
}

async function acquirePermit(context: PipelineContext, plan: CallPlan): Promise<Permit> {
  try {
    return await context.throttle.acquire({
      signal: plan.call.signal,
      maxWaitMs: plan.call.retry.maxDelayMs,
      operationName: plan.operation.name,
      document: plan.operation.text,
    });
  } catch (error) {
    if (plan.call.signal?.aborted) throw abortedError(plan.call.signal, plan.label);
    if (error instanceof ThrottleWaitTooLongError) {
      const seconds = Math.ceil(error.waitMs / 1000);
      const by = error.policy ? ` by the ${error.policy} limit` : '';
      throw new RateLimitError(
        `Rate limited: the throttle would hold this request ${seconds} s${by}, beyond retry.maxDelayMs`,
        { ...plan.label, retryAfterSeconds: seconds, cause: error },
      );
    }
    throw error;
  }
}

async function runAttempt<TResult>(
  context: PipelineContext,
  plan: CallPlan,
  attempt: number,
): Promise<ApiResult<TResult>> {
  const { options, redact } = context;
  const { operation, call } = plan;
  // The common case takes its permit at once; only a held or full throttle costs a wait.
  const permit =
    (call.signal?.aborted ? undefined : context.throttle.tryAcquire(operation.text)) ??
    (await acquirePermit(context, plan));
  try {
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
    const deadline = call.timeoutMs > 0 ? context.deadlines.start(call.timeoutMs) : undefined;
    let response: TransportResponse;
    try {
      response = await sendRequest(plan.request, deadline);
    } catch (error) {
      throw attemptFailure(error, deadline, call.signal, {
        redact,
        request: { method: 'POST', url: options.endpoint, attempt },
        details: plan.label,
      });
    } finally {
      if (deadline) context.deadlines.finish(deadline);
    }
    return settle<TResult>(context, plan.label, attempt, response, started);
  } finally {
    permit.release();
  }
}

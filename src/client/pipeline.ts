/**
 * One logical call, from document to {@link ApiResult}: analyse the document (cached), give a mutation
 * its Idempotency-Key (one per call, kept across retries), then per attempt: wait for the throttle,
 * send, parse the rate-limit headers, classify the response, observe, release.
 */
import { v4 as uuidv4 } from 'uuid';
import { abortedError, withRetry } from './retry.js';
import { attemptFailure, createAttemptSignal } from './attempt-signal.js';
import { prepareOperation, type PreparedOperation } from './document.js';
import { RateLimitError } from './errors.js';
import { callHook } from './hooks.js';
import { planUpload, type UploadPlan } from './multipart.js';
import { type ResolvedCallOptions, resolveCallOptions } from './call-options.js';
import type { ResolvedClientOptions } from './options.js';
import { type Redactor, redactHeaders } from './redact.js';
import { type Permit, type Throttle, ThrottleWaitTooLongError } from './throttle.js';
import { settle } from './settle.js';
import { sendRequest, type TransportResponse } from './transport.js';
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
}

interface CallPlan {
  operation: PreparedOperation;
  call: ResolvedCallOptions;
  headers: Record<string, string>;
  variables?: Record<string, unknown>;
  upload?: UploadPlan;
  idempotencyKey?: string;
  label: { operationName?: string; idempotencyKey?: string };
}

/** Runs one GraphQL operation with retries. */
export async function executeOperation<TResult>(
  context: PipelineContext,
  document: unknown,
  variables: unknown,
  rawOptions: unknown,
): Promise<ApiResult<TResult>> {
  const call = resolveCallOptions(rawOptions, context.options);
  if (variables !== undefined && variables !== null && !isObject(variables)) {
    fail(`variables must be an object; got ${describe(variables)}.`);
  }
  const operation = prepareOperation(document, call.operationName);
  const idempotencyKey = operation.kind === 'mutation' ? (call.idempotencyKey ?? uuidv4()) : undefined;
  const vars = (variables ?? undefined) as Record<string, unknown> | undefined;
  const upload = planUpload(vars);
  const headers: Record<string, string> = {
    ...context.options.headers,
    ...call.headers,
    authorization: context.authorization,
    'api-version': context.options.apiVersion,
  };
  if (!upload) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const label = { operationName: operation.name, idempotencyKey };
  const plan: CallPlan = { operation, call, headers, variables: vars, upload, idempotencyKey, label };
  if (call.signal?.aborted) throw abortedError(call.signal, label);

  return withRetry((attempt) => runAttempt<TResult>(context, plan, attempt), {
    policy: call.retry,
    signal: call.signal,
    repeatable: operation.kind !== 'mutation' || idempotencyKey !== undefined,
    onRetry: (event) => callHook(context.options.hooks.onRetry, { ...event, operationName: operation.name }),
    abortDetails: label,
  });
}

async function acquirePermit(context: PipelineContext, plan: CallPlan): Promise<Permit> {
  try {
    return await context.throttle.acquire({
      signal: plan.call.signal,
      maxWaitMs: plan.call.retry.maxDelayMs,
      operationName: plan.operation.name,
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

async function runAttempt<TResult>(context: PipelineContext, plan: CallPlan, attempt: number): Promise<ApiResult<TResult>> {
  const { options, redact } = context;
  const { operation, call } = plan;
  const permit = await acquirePermit(context, plan);
  try {
    callHook(options.hooks.onRequest, () => ({
      operationName: operation.name,
      kind: operation.kind,
      attempt,
      url: options.endpoint,
      headers: redactHeaders(plan.headers, redact),
      idempotencyKey: plan.idempotencyKey,
    }));
    const started = Date.now();
    const attemptSignal = createAttemptSignal(call.signal, call.timeoutMs);
    let response: TransportResponse;
    try {
      response = await sendRequest({
        url: options.endpoint,
        fetch: options.fetch,
        document: operation.document,
        variables: plan.variables,
        headers: plan.headers,
        signal: attemptSignal.signal,
        upload: plan.upload,
      });
    } catch (error) {
      throw attemptFailure(error, attemptSignal, call.signal, { timeoutMs: call.timeoutMs, redact, details: plan.label });
    } finally {
      attemptSignal.dispose();
    }
    return settle<TResult>(context, plan.label, attempt, response, started);
  } finally {
    permit.release();
  }
}

/**
 * POST /v2: authenticate, check media type and version, read the body, count the request, prepare the
 * operation, then (for mutations with a key) go through the idempotency cache, the concurrency and
 * complexity limits, and execute.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EngineResponseBody, PreparedOperation, TokenGrant } from '../contract.js';
import { readBody } from './body.js';
import { type ServerContext, sleep } from './context.js';
import { actImmediately, deliver, isImmediate } from './fault-actions.js';
import type { FaultDecision } from './faults.js';
import { mediaTypeOf, parseGraphQLRequest } from './graphql-request.js';
import type { IdempotencyClaim } from './idempotency.js';
import { capped, type RequestRecord } from './log.js';
import { isRefusal } from './rate-limit.js';
import { complexityExhausted, rateLimited, withRateLimitHeaders } from './rate-limit-responses.js';
import { requestFingerprint } from './request-fingerprint.js';
import { jsonError, type PlannedResponse, send, withRequestId } from './responses.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Handles one POST /v2 request from arrival to answer. */
export async function handleGraphQL(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  record: RequestRecord,
) {
  const answer = (planned: PlannedResponse, accountId?: number) => {
    req.resume();
    record.status = planned.status;
    if (planned.errorCode !== undefined) record.errorCode = planned.errorCode;
    const identified = withRequestId(planned);
    send(res, accountId === undefined ? identified : withRateLimitHeaders(ctx, identified, accountId));
  };
  const auth = ctx.tokens.authenticate(req.headers.authorization);
  if (!auth) {
    const message = 'Not authenticated: send a valid token in the Authorization header.';
    return answer(jsonError(401, message, 'UNAUTHENTICATED', {}, { 'www-authenticate': 'Bearer' }));
  }
  const { accountId } = auth.grant;
  record.accountId = accountId;
  const refusal = ctx.limiter.arrive(accountId);
  if (refusal) return answer(rateLimited(refusal), accountId);

  const contentType = req.headers['content-type'] ?? '';
  const media = mediaTypeOf(contentType);
  if (media !== 'application/json' && media !== 'multipart/form-data') {
    const message = `Unsupported Content-Type "${media || '(none)'}": send application/json (multipart/form-data for uploads).`;
    return answer(jsonError(415, message, 'UNSUPPORTED_MEDIA_TYPE'), accountId);
  }
  const version = ctx.versions.resolve(headerOf(req, 'api-version'));
  if (!version.ok) {
    const extra = { supported_versions: ctx.versions.supported };
    return answer(jsonError(400, version.message, 'UNSUPPORTED_API_VERSION', extra), accountId);
  }
  record.version = version.version;
  res.setHeader('api-version', version.version);
  const limit = media === 'multipart/form-data' ? ctx.maxUploadBytes : ctx.maxBodyBytes;
  const body = await readBody(req, limit);
  if (!body.ok && body.reason === 'aborted') {
    record.outcome = 'dropped';
    return;
  }
  if (!body.ok) {
    const message = `The request body is ${body.received} bytes; the limit is ${limit}.`;
    return answer(jsonError(413, message, 'PAYLOAD_TOO_LARGE', {}, { connection: 'close' }), accountId);
  }
  record.bodyBytes = body.bytes.length;
  const parsed = await parseGraphQLRequest(contentType, body.bytes);
  if (!parsed.ok) return answer(jsonError(400, parsed.message, parsed.code), accountId);
  const { request } = parsed;
  if (request.operationName) record.operationName = capped(request.operationName);
  const prepared = ctx.engine.prepare({ ...request, grant: auth.grant, version: version.version });
  if (prepared.ok) record.kind = prepared.kind;
  const key = headerOf(req, 'idempotency-key')?.trim();
  if (key) record.idempotencyKey = capped(key);

  const faults = ctx.faults.decide('POST /v2', prepared.ok ? prepared.kind === 'mutation' : undefined);
  if (faults.latencyMs > 0) record.fault = 'latency';
  if (isImmediate(faults.terminal)) {
    await sleep(faults.latencyMs, ctx.closing);
    return actImmediately(res, faults.terminal, record);
  }
  if (!prepared.ok) {
    await sleep(faults.latencyMs, ctx.closing);
    return deliverBody(ctx, res, record, faults, prepared.body, auth.grant);
  }
  const claim =
    prepared.kind === 'mutation' && key
      ? ctx.idempotency.claim(auth.token, key, requestFingerprint(request, version.version))
      : undefined;
  if (claim?.outcome === 'reused') {
    const message =
      'This Idempotency-Key was already used for a different request: send a new key for a new request, or the same request to retry.';
    return answer(jsonError(422, message, 'IDEMPOTENCY_KEY_REUSED'), accountId);
  }
  if (claim?.outcome === 'replay') {
    record.replayed = true;
    const { status, contentType: type, body: text } = claim.response;
    const planned = { status, headers: { 'content-type': type, 'idempotency-replayed': 'true' }, body: text };
    return deliver(res, withRateLimitHeaders(ctx, planned, accountId), faults.terminal, record);
  }
  if (claim?.outcome === 'in-flight') {
    const seconds = ctx.conflictRetryAfterSeconds;
    const message = 'A request with this Idempotency-Key is still being processed; retry after the given time.';
    const extra = { retry_in_seconds: seconds };
    return answer(
      jsonError(409, message, 'IDEMPOTENCY_CONFLICT', extra, { 'retry-after': String(seconds) }),
      accountId,
    );
  }
  await execute(ctx, res, record, faults, prepared, auth.grant, claim);
}

async function execute(
  ctx: ServerContext,
  res: ServerResponse,
  record: RequestRecord,
  faults: FaultDecision,
  prepared: Extract<PreparedOperation, { ok: true }>,
  grant: TokenGrant,
  claim: Extract<IdempotencyClaim, { outcome: 'execute' }> | undefined,
): Promise<void> {
  const { accountId } = grant;
  const busy = ctx.limiter.enter(accountId);
  try {
    if (busy) return deliver(res, withRateLimitHeaders(ctx, rateLimited(busy), accountId), undefined, record);
    const charged = ctx.limiter.charge(accountId, prepared.complexity);
    if (isRefusal(charged)) {
      return deliver(
        res,
        withRateLimitHeaders(ctx, complexityExhausted(ctx, charged, prepared.complexity), accountId),
        undefined,
        record,
      );
    }
    record.complexity = prepared.complexity;
    await sleep(faults.latencyMs, ctx.closing);
    let body: EngineResponseBody;
    try {
      body = await prepared.execute(charged);
      record.executed = true;
    } catch {
      const planned = jsonError(500, 'The operation failed unexpectedly.', 'INTERNAL_SERVER_ERROR');
      return deliver(res, withRateLimitHeaders(ctx, planned, accountId), undefined, record);
    }
    const planned = withRequestId(jsonBody(body, grant)); // a replay answers with this id too
    claim?.complete({ status: planned.status, contentType: JSON_TYPE, body: planned.body });
    deliver(res, withRateLimitHeaders(ctx, planned, accountId), faults.terminal, record);
  } finally {
    if (!busy) ctx.limiter.leave(accountId);
    // Abandoning a completed claim does nothing. Every other way out (a refusal, a failed operation, even an
    // unexpected throw) releases the key, so no key can be left answering 409 until the emulator restarts.
    claim?.abandon();
  }
}

function deliverBody(
  ctx: ServerContext,
  res: ServerResponse,
  record: RequestRecord,
  faults: FaultDecision,
  body: EngineResponseBody,
  grant: TokenGrant,
): void {
  deliver(res, withRateLimitHeaders(ctx, jsonBody(body, grant), grant.accountId), faults.terminal, record);
}

/** A 200 JSON answer; a response with data carries `account_id` at the top level. */
function jsonBody(body: EngineResponseBody, grant: TokenGrant): PlannedResponse {
  const payload = body.data != null && body.account_id === undefined ? { ...body, account_id: grant.accountId } : body;
  const code = payload.errors?.[0]?.extensions?.code;
  const planned: PlannedResponse = {
    status: 200,
    headers: { 'content-type': JSON_TYPE },
    body: JSON.stringify(payload),
  };
  if (typeof code === 'string') planned.errorCode = code;
  return planned;
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * POST /v2, as a straight list of checks. The order of refusals (the first that applies answers):
 *
 *  1. no valid token ..................... 401 UNAUTHENTICATED, `WWW-Authenticate: Bearer`      authenticate
 *  2. minute-rate or daily window spent .. 429 RATE_LIMIT_EXCEEDED / DAILY_LIMIT_EXCEEDED         countArrival
 *  3. neither JSON nor multipart ......... 415 UNSUPPORTED_MEDIA_TYPE                             acceptMediaType
 *  4. a version not served, when refused . 400 UNSUPPORTED_API_VERSION                            resolveVersion
 *     (by default it is answered by the version it is routed to, with a warning in `extensions.warnings`)
 *  5. body over the size limit ........... 413 PAYLOAD_TOO_LARGE, connection closed               readRequest
 *     (the client gone mid-body: nothing answered, recorded as dropped)
 *  6. body not a GraphQL request ......... 400 INVALID_JSON / BAD_REQUEST                         readRequest
 *  7. a fault that replaces handling ..... the fault's own answer, after the fault's latency      handleGraphQL
 *  8. a document the schema refuses ...... 200 with `errors`, after the latency                   handleGraphQL
 *  9. Idempotency-Key of another request . 422 IDEMPOTENCY_KEY_REUSED                             claimKey
 * 10. key already answered ............... the original answer, `Idempotency-Replayed: true`      claimKey
 * 11. key still in flight ................ 409 IDEMPOTENCY_CONFLICT, `Retry-After`                claimKey
 * 12. costlier than one request may be ... 200 REQUEST_MAX_COMPLEXITY_EXCEEDED, uncharged           execute
 *     (https://developer.monday.com/api-reference/changelog/updated-complexity-error-format)
 * 13. too many executing at once ......... 429 RATE_LIMIT_EXCEEDED (concurrency)                  execute
 * 14. complexity budget spent ............ 429, or 200 as `complexityErrorStyle` says             execute
 * 15. the operation throws ............... 500 INTERNAL_SERVER_ERROR                              execute
 *     otherwise 200 with the result, kept for replays of its key.
 *
 * Every answer leaves through `reply()` (reply.ts), which writes the record, adds the rate-limit headers and the
 * request id, and lets a delivery fault spoil the answers tagged `spoilable` (8, 10 and the result).
 */
import type { EngineResponseBody, PreparedOperation } from '../contract.js';
import { ERROR_CODE, HEADER, MEDIA, ROUTE } from '../wire.js';
import { readBody } from './body.js';
import { waitUnlessClosing } from './context.js';
import { type Exchange, headerOf, learn } from './exchange.js';
import { isImmediate } from './fault-actions.js';
import { type GraphQLRequestBody, mediaTypeOf, parseGraphQLRequest, parseUploadRequest } from './graphql-request.js';
import { readMultipartBody } from './multipart-body.js';
import { isRefusal } from './rate-limit.js';
import { complexityExhausted, rateLimited } from './rate-limit-responses.js';
import { faultReply, type PlannedReply, planError, planJson, planNothingClientGone, reply } from './reply.js';
import { requestFingerprint } from './request-fingerprint.js';

type Prepared = Extract<PreparedOperation, { ok: true }>;

/** Handles one POST /v2 request from arrival to answer. */
export async function handleGraphQL(x: Exchange): Promise<void> {
  const refused = authenticate(x) ?? countArrival(x) ?? acceptMediaType(x) ?? resolveVersion(x);
  if (refused) return reply(x, refused);
  const read = await readRequest(x);
  if ('status' in read) return reply(x, read);
  const prepared = prepare(x, read);
  x.faults = x.ctx.faults.decide(ROUTE.graphql, prepared.ok ? prepared.kind === 'mutation' : undefined);
  if (isImmediate(x.faults.terminal)) {
    await waitUnlessClosing(x.faults.latencyMs, x.ctx.closing);
    return reply(x, faultReply(x.faults.terminal));
  }
  if (!prepared.ok) {
    await waitUnlessClosing(x.faults.latencyMs, x.ctx.closing);
    return reply(x, { ...result(x, prepared.body), spoilable: true });
  }
  const claimed = claimKey(x, read, prepared);
  if (claimed) return reply(x, claimed);
  await execute(x, prepared);
}

function authenticate(x: Exchange): PlannedReply | undefined {
  const auth = x.ctx.tokens.authenticate(headerOf(x, HEADER.authorization));
  if (auth) {
    x.auth = auth;
    learn(x, { accountId: auth.grant.accountId });
    return undefined;
  }
  const message = 'Not authenticated: send a valid token in the Authorization header.';
  return planError(401, message, ERROR_CODE.unauthenticated, {}, { headers: { [HEADER.wwwAuthenticate]: 'Bearer' } });
}

function countArrival(x: Exchange): PlannedReply | undefined {
  const refusal = x.ctx.limiter.arrive(accountOf(x));
  return refusal ? rateLimited(refusal) : undefined;
}

function acceptMediaType(x: Exchange): PlannedReply | undefined {
  const media = mediaTypeOf(headerOf(x, HEADER.contentType));
  if (media === MEDIA.jsonRequest || media === MEDIA.multipartRequest) return undefined;
  const message = `Unsupported Content-Type "${media || '(none)'}": send application/json (multipart/form-data for uploads).`;
  return planError(415, message, ERROR_CODE.unsupportedMediaType);
}

function resolveVersion(x: Exchange): PlannedReply | undefined {
  const version = x.ctx.versions.resolve(headerOf(x, HEADER.apiVersion));
  if (version.ok) {
    learn(x, { version: version.version });
    if (version.warning) x.versionWarning = version.warning;
    return undefined;
  }
  const extra = { supported_versions: x.ctx.versions.supported };
  return planError(400, version.message, ERROR_CODE.unsupportedApiVersion, extra);
}

/** The GraphQL request in the body, or the answer refusing it. */
async function readRequest(x: Exchange): Promise<GraphQLRequestBody | PlannedReply> {
  const contentType = headerOf(x, HEADER.contentType) ?? '';
  const upload = mediaTypeOf(contentType) === MEDIA.multipartRequest;
  const limit = upload ? x.ctx.maxUploadBytes : x.ctx.maxBodyBytes;
  // An upload's limits apply part by part as it arrives (multipart-body.ts); a JSON body is read whole, capped.
  const body = upload ? await readMultipartBody(x.req, contentType, limit) : await readBody(x.req, limit);
  const closing = { headers: { [HEADER.connection]: 'close' } };
  if (!body.ok && body.reason === 'aborted') return planNothingClientGone();
  if (!body.ok && body.reason === 'too-large') {
    const message = `The request body is over ${limit} bytes (${body.received} read); the limit is ${limit}.`;
    return planError(413, message, ERROR_CODE.payloadTooLarge, {}, closing);
  }
  if (!body.ok) return planError(400, body.message, ERROR_CODE.badRequest, {}, closing);
  learn(x, { bodyBytes: 'fields' in body ? body.bytes : body.bytes.length });
  const parsed = 'fields' in body ? await parseUploadRequest(body.fields) : parseGraphQLRequest(body.bytes);
  if (!parsed.ok) return planError(400, parsed.message, parsed.code);
  if (parsed.request.operationName) learn(x, { operationName: parsed.request.operationName });
  return parsed.request;
}

function prepare(x: Exchange, request: GraphQLRequestBody): PreparedOperation {
  const grant = x.auth!.grant;
  const warnings = x.versionWarning ? { warnings: [x.versionWarning] } : {};
  const prepared = x.ctx.engine.prepare({
    ...request,
    grant,
    version: x.facts.version!,
    ...warnings,
    origin: x.ctx.origin,
  });
  if (prepared.ok) learn(x, { kind: prepared.kind });
  const key = headerOf(x, HEADER.idempotencyKey)?.trim();
  if (key) learn(x, { idempotencyKey: key });
  return prepared;
}

/** Goes through the idempotency cache for a mutation with a key: a refusal or replay, or a claim to execute under. */
function claimKey(x: Exchange, request: GraphQLRequestBody, prepared: Prepared): PlannedReply | undefined {
  const key = x.facts.idempotencyKey;
  if (prepared.kind !== 'mutation' || !key) return undefined;
  const claim = x.ctx.idempotency.claim(x.auth!.token, key, requestFingerprint(request, x.facts.version!));
  if (claim.outcome === 'execute') {
    x.claim = claim;
    return undefined;
  }
  if (claim.outcome === 'reused') {
    const message =
      'This Idempotency-Key was already used for a different request: send a new key for a new request, or the same request to retry.';
    return planError(422, message, ERROR_CODE.idempotencyKeyReused);
  }
  if (claim.outcome === 'replay') {
    const { status, contentType, body, requestId } = claim.response;
    const headers = { [HEADER.contentType]: contentType, [HEADER.idempotencyReplayed]: 'true' };
    const content = { kind: 'text', text: body } as const;
    return { status, headers, content, rateLimit: 'account', spoilable: true, replayOf: requestId };
  }
  const seconds = x.ctx.conflictRetryAfterSeconds;
  const message = 'A request with this Idempotency-Key is still being processed; retry after the given time.';
  const headers = { [HEADER.retryAfter]: String(seconds) };
  return planError(409, message, ERROR_CODE.idempotencyConflict, { retry_in_seconds: seconds }, { headers });
}

/** Enters the concurrency limit, charges the complexity, waits out the latency fault, runs, and answers. */
async function execute(x: Exchange, prepared: Prepared): Promise<void> {
  const { limiter } = x.ctx;
  const accountId = accountOf(x);
  const cap = limiter.limits.complexityPerQuery;
  if (prepared.complexity > cap) {
    const extra = { cost: prepared.complexity, max_complexity_per_request: cap };
    const message = 'Max allowed complexity per request exceeded';
    return reply(x, planError(200, message, ERROR_CODE.requestMaxComplexityExceeded, extra));
  }
  const busy = limiter.enter(accountId);
  try {
    if (busy) return reply(x, rateLimited(busy));
    const charged = limiter.charge(accountId, prepared.complexity);
    if (isRefusal(charged)) return reply(x, complexityExhausted(x.ctx, charged, prepared.complexity));
    learn(x, { complexity: prepared.complexity });
    await waitUnlessClosing(x.faults.latencyMs, x.ctx.closing);
    let body: EngineResponseBody;
    try {
      body = await prepared.execute(charged);
      learn(x, { executed: true });
    } catch {
      return reply(x, planError(500, 'The operation failed unexpectedly.', ERROR_CODE.internalServerError));
    }
    reply(x, { ...result(x, body), spoilable: true, keep: true });
  } finally {
    if (!busy) limiter.leave(accountId);
    // Abandoning a completed claim does nothing. Every other way out (a refusal, a failed operation, even an
    // unexpected throw) releases the key, so no key can be left answering 409 until the emulator restarts.
    x.claim?.abandon();
  }
}

/** A 200 with the engine's body; a response with data carries `account_id` at the top level. */
function result(x: Exchange, body: EngineResponseBody): PlannedReply {
  const payload = body.data != null && body.account_id === undefined ? { ...body, account_id: accountOf(x) } : body;
  const planned = planJson(200, { ...payload });
  const code = payload.errors?.[0]?.extensions?.code;
  if (typeof code === 'string') planned.errorCode = code;
  return planned;
}

function accountOf(x: Exchange): number {
  return x.auth!.grant.accountId;
}

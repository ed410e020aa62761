/**
 * One request on its way through the server: what arrived, what the steps have learned about it (the account,
 * the version, the faults chosen, the idempotency claim), and its record. Route steps take the exchange, and
 * every answer leaves through `reply()`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResponseWarning, TokenGrant } from '../contract.js';
import type { ServerContext } from './context.js';
import type { FaultDecision } from './faults.js';
import type { IdempotencyClaim } from './idempotency.js';
import { capped, type RequestRecord } from './log.js';
import { printableTarget } from './request-target.js';

/** A claim on an Idempotency-Key that this request executes under. */
export type ExecutingClaim = Extract<IdempotencyClaim, { outcome: 'execute' }>;

/** One request and what the server has learned about it so far. */
export interface Exchange {
  readonly ctx: ServerContext;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** Method, upper-cased. */
  readonly method: string;
  /** The parsed target; undefined when the target is no URL. */
  readonly url: URL | undefined;
  /** Path without trailing slashes (`/` stays). */
  readonly path: string;
  /** True on `/v2` and below: the API's answers carry `RateLimit-Policy` and take CORS. */
  readonly api: boolean;
  /** The record of this request in the log; written by `reply()`. */
  readonly record: RequestRecord;
  /** A fresh id, sent in `extensions.request_id` of every JSON answer. */
  readonly requestId: string;
  /** The token and its grant, once authenticated. */
  auth?: { token: string; grant: TokenGrant };
  /** The faults chosen for this request (none until the route decides). */
  faults: FaultDecision;
  /** The idempotency claim this request executes under, if any. */
  claim?: ExecutingClaim;
  /** A warning about the version in force (a deprecated or unknown one answered by another), for the answer. */
  versionWarning?: ResponseWarning;
  /** What the request turned out to be, as the steps learn it (see {@link learn}). */
  readonly facts: RequestFacts;
}

/** What the steps learned about a request, for its record. */
export interface RequestFacts {
  operationName?: string;
  kind?: 'query' | 'mutation' | 'subscription';
  idempotencyKey?: string;
  /** Bytes of the body read. */
  bodyBytes?: number;
  /** Complexity charged. */
  complexity?: number;
  /** True once the operation ran. */
  executed?: boolean;
  /** Account of the token, once authenticated. */
  accountId?: number;
  /** API version in force, once resolved. */
  version?: string;
}

/** Opens the exchange of an arriving request and its record. */
export function openExchange(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, url?: URL): Exchange {
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url ? trimSlashes(url.pathname) : '';
  const record = ctx.log.open(method, url ? url.pathname : printableTarget(req.url), req.headers, ctx.now());
  return {
    ctx,
    req,
    res,
    method,
    url,
    path,
    api: url !== undefined && isApiPath(path),
    record,
    requestId: randomUUID(),
    faults: { latencyMs: 0 },
    facts: {},
  };
}

/**
 * Notes what a step learned about the request, in its facts and at once in its record: a test watching
 * `emulator.requests` sees a request's kind and complexity while it is still executing
 * (packages/emulator/test/idempotency.test.ts waits on that). The outcome is recorded by `reply()`.
 */
export function learn(x: Exchange, facts: RequestFacts): void {
  Object.assign(x.facts, facts);
  const { record } = x;
  if (facts.operationName) record.operationName = capped(facts.operationName);
  if (facts.kind) record.kind = facts.kind;
  if (facts.idempotencyKey) record.idempotencyKey = capped(facts.idempotencyKey);
  if (facts.bodyBytes !== undefined) record.bodyBytes = facts.bodyBytes;
  if (facts.complexity !== undefined) record.complexity = facts.complexity;
  if (facts.executed) record.executed = true;
  if (facts.accountId !== undefined) record.accountId = facts.accountId;
  if (facts.version !== undefined) record.version = facts.version;
}

/** The first value of a request header. */
export function headerOf(x: Exchange, name: string): string | undefined {
  const value = x.req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isApiPath(path: string): boolean {
  return path === '/v2' || path.startsWith('/v2/');
}

function trimSlashes(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

import { ERROR_CODE, HEADER } from '../wire.js';

/**
 * What the emulator saw and did: one record per request, and running totals.
 * Authorization is redacted; tokens never reach a record or a log line. What a record keeps from the request is
 * capped in length, so the last 10,000 records stay small however large the headers or names sent were.
 */

/** How a request ended. */
export type RequestOutcome = 'answered' | 'dropped' | 'reset';

/** One request as the emulator saw it. */
export interface RequestRecord {
  /** 1-based arrival order. */
  id: number;
  /** HTTP method, upper-cased. */
  method: string;
  /** Path without the query string. */
  path: string;
  /** Status sent (0 when the connection was dropped before answering). */
  status: number;
  /** Request headers, lower-cased, with `authorization`, `proxy-authorization` and `cookie` redacted. */
  headers: Record<string, string>;
  /** `operationName` of the GraphQL request, when it named one. */
  operationName?: string;
  /** Operation kind, once the GraphQL request was parsed. */
  kind?: 'query' | 'mutation' | 'subscription';
  /** API version in force. */
  version?: string;
  /** Account of the token, once authenticated. */
  accountId?: number;
  /** The `Idempotency-Key` header, trimmed, when the request sent one. */
  idempotencyKey?: string;
  /** True when answered from the idempotency cache. */
  replayed: boolean;
  /** True when the operation was executed. */
  executed: boolean;
  /** Complexity cost charged. */
  complexity?: number;
  /** Injected fault kind, if any (latency included). */
  fault?: string;
  /** `extensions.code` of the first error answered, if any. */
  errorCode?: string;
  /** `extensions.request_id` of the JSON answer sent (a replay's is the original's); undefined when none was sent. */
  requestId?: string;
  /** Size of the request body read, in bytes (0 when it was not read). */
  bodyBytes: number;
  /** Whether the request was answered in full, or its connection dropped or reset. */
  outcome: RequestOutcome;
  /** Arrival time, on the emulator's clock (milliseconds). */
  startedAt: number;
  /** Time the request was over, on the emulator's clock; undefined while in flight. */
  endedAt?: number;
}

/** Running totals since start (or the last reset). */
export interface EmulatorStats {
  /** Requests that arrived, on any route. */
  received: number;
  /** Requests answered in full. */
  answered: number;
  /** Queries executed. */
  executedQueries: number;
  /** Mutations executed (replays excluded). */
  executedMutations: number;
  /** Mutations answered from the idempotency cache. */
  replayed: number;
  /** Requests answered 401: a missing or unknown token on /v2, or failed client authentication at the token endpoint. */
  rejected401: number;
  /** Duplicates refused because their Idempotency-Key was still in flight. */
  rejected409: number;
  /** Requests refused by a rate limit: 429s, and exhausted complexity budgets reported as a GraphQL error. */
  rejected429: number;
  /** Requests whose connection closed without a full answer (a drop or reset fault, or the client going away). */
  dropped: number;
  /** Requests in the pipeline right now. */
  inFlight: number;
  /** Most requests in the pipeline at once. */
  maxConcurrent: number;
}

function emptyStats(): EmulatorStats {
  return {
    received: 0,
    answered: 0,
    executedQueries: 0,
    executedMutations: 0,
    replayed: 0,
    rejected401: 0,
    rejected409: 0,
    rejected429: 0,
    dropped: 0,
    inFlight: 0,
    maxConcurrent: 0,
  };
}

/** The request log and totals. */
export class RequestLog {
  records: RequestRecord[] = [];
  stats: EmulatorStats = emptyStats();
  #nextId = 1;

  constructor(
    private readonly sink?: (line: string) => void,
    private readonly maxRecords = 10_000,
  ) {}

  /** Opens a record for an arriving request. */
  open(
    method: string,
    path: string,
    rawHeaders: Record<string, string | string[] | undefined>,
    at: number,
  ): RequestRecord {
    const record: RequestRecord = {
      id: this.#nextId++,
      method: capped(method),
      path: capped(path),
      status: 0,
      headers: redact(rawHeaders),
      replayed: false,
      executed: false,
      bodyBytes: 0,
      outcome: 'answered',
      startedAt: at,
    };
    this.records.push(record);
    if (this.records.length > this.maxRecords) this.records.splice(0, this.records.length - this.maxRecords);
    this.stats.received += 1;
    this.stats.inFlight += 1;
    this.stats.maxConcurrent = Math.max(this.stats.maxConcurrent, this.stats.inFlight);
    return record;
  }

  /** Closes a record once the request is answered or dropped. */
  close(record: RequestRecord, at: number): void {
    if (record.endedAt !== undefined) return;
    record.endedAt = at;
    const { stats } = this;
    stats.inFlight = Math.max(0, stats.inFlight - 1);
    if (record.outcome === 'answered') stats.answered += 1;
    else stats.dropped += 1;
    if (record.replayed) stats.replayed += 1;
    if (record.executed && record.kind === 'mutation') stats.executedMutations += 1;
    else if (record.executed) stats.executedQueries += 1;
    if (record.status === 401) stats.rejected401 += 1;
    if (record.status === 409) stats.rejected409 += 1;
    if (record.status === 429 || record.errorCode === ERROR_CODE.complexityBudgetExhausted) stats.rejected429 += 1;
    this.sink?.(lineOf(record));
  }

  /** Clears records and totals (requests still in flight keep counting in `inFlight`). */
  reset(): void {
    const inFlight = this.stats.inFlight;
    this.records = [];
    this.stats = { ...emptyStats(), inFlight, maxConcurrent: inFlight };
  }
}

/** Request headers that carry credentials: kept in a record only as `[redacted]`. */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([
  HEADER.authorization,
  HEADER.proxyAuthorization,
  HEADER.cookie,
]);

/** Longest text a record keeps from one header value, path or name. */
export const MAX_RECORDED_TEXT = 256;
/** Most headers a record keeps. */
const MAX_RECORDED_HEADERS = 64;

/** `text`, cut to {@link MAX_RECORDED_TEXT} characters (marked with `…` when cut). */
export function capped(text: string): string {
  return text.length > MAX_RECORDED_TEXT ? `${text.slice(0, MAX_RECORDED_TEXT)}…` : text;
}

function redact(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  let kept = 0;
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (kept === MAX_RECORDED_HEADERS) break;
    kept += 1;
    const lower = capped(name.toLowerCase());
    headers[lower] = CREDENTIAL_HEADERS.has(lower) ? '[redacted]' : capped([value].flat().join(', '));
  }
  return headers;
}

function lineOf(record: RequestRecord): string {
  const parts = [
    `${record.method} ${record.path}`,
    record.outcome === 'answered' ? String(record.status) : record.outcome,
  ];
  if (record.operationName) parts.push(record.operationName);
  if (record.kind) parts.push(record.kind);
  if (record.replayed) parts.push('replayed');
  if (record.fault) parts.push(`fault=${record.fault}`);
  parts.push(`${(record.endedAt ?? record.startedAt) - record.startedAt}ms`);
  return parts.join(' ');
}

/**
 * Fault injection for resilience tests: rules matched by route and by request count (or a seeded
 * probability), each producing one kind of failure. The bulk kinds (`upload-expired`, `job-fails`, `job-slow`) act
 * on an upload to a bulk job's `upload_url` and the job it starts; their route defaults to `* /bulk/uploads`, so
 * `nth: [2]` picks the second upload.
 */
import type { UploadFaults } from '../contract.js';

/** Which requests a rule applies to. With no selector, it applies to every request on its route. */
export interface FaultMatch {
  /**
   * `METHOD /path`, e.g. `POST /v2` (also matches `/v2/`), `GET /v2/get_schema`, `PUT /bulk/uploads` (every job's
   * upload URL) or `* /bulk/uploads` (any method). Default `POST /v2`; `* /bulk/uploads` for the bulk kinds.
   */
  route?: string;
  /** Only mutations (their kind is known once the GraphQL request is parsed). */
  mutationsOnly?: boolean;
  /** 1-based positions, among the requests this rule sees, that fail. */
  nth?: readonly number[];
  /** Every n-th request fails (n, 2n, …). */
  every?: number;
  /** The first n requests fail. */
  first?: number;
  /** Chance in [0, 1] that a request fails, drawn from a PRNG seeded with `seed` (default 1). */
  probability?: number;
  /** Seed of the PRNG behind `probability`. */
  seed?: number;
}

/** One kind of failure. */
export type FaultAction =
  /** Waits `ms` before executing (the request counts as in flight meanwhile). */
  | { kind: 'latency'; ms: number }
  /** Answers `status` (default 502) with an HTML body, without executing. */
  | { kind: 'http-error'; status?: number; body?: string }
  /** Destroys the connection without executing. */
  | { kind: 'drop-before-execute' }
  /** Executes (a mutation commits), then destroys the connection without answering. */
  | { kind: 'drop-after-execute' }
  /** Executes, sends the headers and half the body, then destroys the connection. */
  | { kind: 'reset-mid-body' }
  /** Answers exactly this, without executing. */
  | { kind: 'respond'; status: number; headers?: Record<string, string>; body?: string }
  /** Executes normally but sends garbage `RateLimit` and `RateLimit-Policy` headers. */
  | { kind: 'malformed-rate-limit-headers' }
  /** An upload answered as if its URL had expired (403 `UPLOAD_URL_EXPIRED`); nothing is stored, the job waits on. */
  | { kind: 'upload-expired' }
  /**
   * The job of this upload fails (`FAILED`) once `afterRows` of its rows are applied (default: half), with `reason`
   * (default `INTERNAL_ERROR`) and `message`.
   */
  | { kind: 'job-fails'; afterRows?: number; reason?: string; message?: string }
  /** The job of this upload applies `rowsPerSecond` rows per second of the emulator's clock. */
  | { kind: 'job-slow'; rowsPerSecond: number };

/** A fault rule: which requests, and what happens to them. */
export type FaultRule = FaultMatch & FaultAction;

/** The kinds that act on a bulk job's upload and its job. */
export type UploadFault = Extract<FaultAction, { kind: 'upload-expired' | 'job-fails' | 'job-slow' }>;

/** Kinds that replace the normal handling (at most one applies to a request). */
export type TerminalFault = Exclude<FaultAction, { kind: 'latency' } | UploadFault>;

const UPLOAD_FAULT_KINDS: ReadonlySet<string> = new Set(['upload-expired', 'job-fails', 'job-slow']);

/** The route a rule applies to when it names none. */
function defaultRoute(rule: FaultRule): string {
  return UPLOAD_FAULT_KINDS.has(rule.kind) ? '* /bulk/uploads' : 'POST /v2';
}

/** The faults chosen for one request. */
export interface FaultDecision {
  /** Total added latency in milliseconds. */
  latencyMs: number;
  /** The first matching non-latency fault, if any. */
  terminal?: TerminalFault;
  /** What the bulk kinds chose for an upload and its job. */
  upload?: UploadFaults;
}

interface ArmedRule {
  rule: FaultRule;
  seen: number;
  random: () => number;
}

/** The active fault rules and their per-rule request counters. */
export class FaultPlan {
  #rules: ArmedRule[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    this.set(rules);
  }

  /** Replaces every rule; counters start again at zero. */
  set(rules: readonly FaultRule[]): void {
    this.#rules = rules.map((rule) => ({ rule: { ...rule }, seen: 0, random: mulberry32(rule.seed ?? 1) }));
  }

  /** Starts every rule's request counter (and PRNG) again, keeping the rules. */
  restart(): void {
    this.set(this.#rules.map((armed) => armed.rule));
  }

  /** The faults for a request on `route`; `isMutation` is undefined when the kind is not known. */
  decide(route: string, isMutation: boolean | undefined): FaultDecision {
    const decision: FaultDecision = { latencyMs: 0 };
    for (const armed of this.#rules) {
      const { rule } = armed;
      if (!routeMatches(rule.route ?? defaultRoute(rule), route)) continue;
      if (rule.mutationsOnly && isMutation !== true) continue;
      armed.seen += 1;
      if (!selected(armed)) continue;
      if (rule.kind === 'latency') decision.latencyMs += Math.max(0, rule.ms);
      else if (isUploadFault(rule)) decision.upload = { ...decision.upload, ...uploadFaults(rule) };
      else decision.terminal ??= rule;
    }
    return decision;
  }
}

function isUploadFault(rule: FaultRule): rule is FaultMatch & UploadFault {
  return UPLOAD_FAULT_KINDS.has(rule.kind);
}

/** What one bulk rule asks of the upload and its job. */
function uploadFaults(rule: UploadFault): UploadFaults {
  if (rule.kind === 'upload-expired') return { expireUpload: true };
  if (rule.kind === 'job-slow') return { rowsPerSecond: rule.rowsPerSecond };
  const { afterRows, reason, message } = rule;
  return {
    fail: {
      ...(afterRows !== undefined ? { afterRows } : {}),
      ...(reason !== undefined ? { reason } : {}),
      ...(message !== undefined ? { message } : {}),
    },
  };
}

/** `METHOD /path` of a request, with a trailing slash removed. */
export function routeOf(method: string, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return `${method.toUpperCase()} ${path}`;
}

function routeMatches(pattern: string, route: string): boolean {
  const [method = '', path = ''] = pattern.trim().split(/\s+/);
  if (method !== '*') return routeOf(method, path) === route;
  const wanted = routeOf('ANY', path);
  return route.slice(route.indexOf(' ')) === wanted.slice(wanted.indexOf(' '));
}

function selected(armed: ArmedRule): boolean {
  const { rule, seen } = armed;
  const hasSelector =
    rule.nth !== undefined || rule.every !== undefined || rule.first !== undefined || rule.probability !== undefined;
  if (!hasSelector) return true;
  if (rule.nth?.includes(seen)) return true;
  if (rule.every !== undefined && rule.every > 0 && seen % rule.every === 0) return true;
  if (rule.first !== undefined && seen <= rule.first) return true;
  if (rule.probability !== undefined && armed.random() < rule.probability) return true;
  return false;
}

/** A small deterministic PRNG (mulberry32). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

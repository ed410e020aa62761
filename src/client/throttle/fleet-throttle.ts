/**
 * The throttle of a client with `throttle: { store }`: every request takes a lease from the store, which keeps
 * the account's state for every client that shares it (see `fleet-state.ts`). Waiters queue here, first in,
 * first out; only the head asks the store, so a process sends the store one question at a time.
 *
 * Rule map (rule: where):
 * - When the store fails (Redis unreachable, a timeout, an answer of the wrong shape: `#valid`), the client goes on
 *   alone with its local throttle, says so through `onThrottle` (`store-unavailable`), and tries the store again
 *   every second; the first answer brings it back (`store-rejoined`): `#goAlone`, `#rejoined`.
 * - Alone, it keeps to a share of each quota: 1 / the clients the store counted, or 1 / `FLEET_SIZE_WHEN_UNKNOWN`
 *   before the store ever counted them (Redis down from the start): `#setMembers`, `sharePolicy`. A client counts from its first
 *   acquire and renews its membership while it is busy and for `MEMBER_IDLE_MS` after: `#startHeartbeat`; every
 *   grant and renewal tells it how many the store counts (a client that joined first once kept a share of 1). The local
 *   throttle counts every request the store let out as its own (`adopt`), so when it takes over it knows what this
 *   process has in flight and sent this window; a hold the store names (a window the fleet spent, another's 429,
 *   the daily limit) it keeps too (`holdLocally`); a window it has no report of it waits out (`takeOver`); its share
 *   of a window is its share of what the server last reported, less its own sends since (`throttle-window.ts`). This
 *   code sits here, not in the local throttle, so a client without a store does not carry it. Pinned by `test/unit/fleet-store-down.test.ts` (a
 *   fleet model) and `test/e2e/fleet-redis-down.test.ts` (4 processes, a real redis-server stopped mid-run).
 * - A lease the client gave up on (the acquire timed out, the settle failed) is given back as soon as the store
 *   answers again, so a late grant holds no slot nobody uses: `#abandoned` (pinned by `fleet-stall.test.ts`).
 * - A daily limit one process met (`DAILY_LIMIT_EXCEEDED`, or a `daily` policy spent in the headers: `storeReportOf`)
 *   holds every process until the reset: the store answers `daily-limit` with the whole hold, and a hold beyond `maxWaitMs` fails at once, unsent, as the local throttle's does (pinned by
 *   `fleet-daily-limit.test.ts`).
 * - A hold the store answers `paced` (spent minute windows, see `quota-rules.ts`) is waited out whatever the call's
 *   `maxWaitMs`; any other hold longer than it fails the call at once, unsent: `#pump`. Where the hold mixes pacing
 *   with a shorter imposed hold (a pause, a longer window), the whole hold counts against `maxWaitMs`, where the
 *   local throttle counts the imposed part only: a deliberate simplification of the store's answer (one figure).
 * - A call's `queueTimeoutMs` bounds its time in line, as in the local throttle: past it, `ThrottleQueueTimeout`
 *   naming what the store last said holds the line: `acquire`.
 * - Every wait is bounded: the store's retry times are checked and capped at `MAX_RETRY_IN_MS`, and a head
 *   waiter refused a slot for three lease times (`#stallMs`) while this process holds none goes on alone: `#pump`
 *   (pinned by `fleet-stall.test.ts`).
 */

import { MAX_TIMER_DELAY_MS } from '../request/sleep.js';
import type { RateLimitPolicy, ThrottleEvent, ThrottleOptions } from '../types.js';
import { FLEET_MAX_HOLD_MS, FLEET_POLL_MS } from './fleet-state.js';
import {
  COST_POLICY,
  countsRequests,
  DAILY_POLICY,
  isConcurrencyPolicy,
  RESET_MARGIN_MS,
  waitedInLine,
} from './quota-rules.js';
import {
  type AcquireOptions,
  createQuotaThrottle,
  DEFAULT_INITIAL_CONCURRENCY,
  type HoldReason,
  laterGate,
  type Permit,
  type QuotaThrottle,
  type Throttle,
  type ThrottleObservation,
  ThrottleQueueTimeout,
  ThrottleWaitTooLongError,
} from './throttle.js';
import {
  DEFAULT_LEASE_MS,
  STORE_THROTTLE,
  type StoreAcquireResult,
  type StoreResponseReport,
  type StoreWindowReport,
  type ThrottleStore,
} from './throttle-store.js';
import { finite } from './throttle-window.js';

/** How long the client stays on its own after the store failed, before trying it again. */
const REJOIN_AFTER_MS = 1000;
/** How often a client waiting for a slot held by another process asks again. */
const CONCURRENCY_POLL_MS = 10;
/** The longest pause between two questions to the store, whatever it said. */
const MAX_RETRY_IN_MS = 1000;
/** Clients assumed to share the account while the store has never counted them: the local share is 1 / this. */
const FLEET_SIZE_WHEN_UNKNOWN = 4;
/** A client keeps its membership (renews) this long after its last request. */
const MEMBER_IDLE_MS = 60_000;
/** Lease ids kept to give back once the store answers again. */
const MAX_ABANDONED = 1000;
const REASONS = new Set(['concurrency', 'quota-exhausted', 'backoff', 'daily-limit']);

const validMs = (value: unknown): boolean =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0);

/** A store answer of the documented shape (anything else is a store failure, never a wait). */
function validResult(result: unknown): result is StoreAcquireResult {
  if (!result || typeof result !== 'object') return false;
  const candidate = result as Record<string, unknown>;
  if (candidate.granted === true) return true;
  return (
    candidate.granted === false &&
    REASONS.has(candidate.reason as string) &&
    (candidate.policy === undefined || typeof candidate.policy === 'string') &&
    validMs(candidate.retryInMs) &&
    validMs(candidate.holdMs) &&
    (candidate.paced === undefined || typeof candidate.paced === 'boolean')
  );
}

/** What a store-backed throttle needs. */
export interface FleetThrottleOptions {
  store: ThrottleStore;
  /** The account's key in the store (computed once, asynchronously: a hash of the token). */
  account: () => Promise<string>;
  initialConcurrency: number;
  leaseMs: number;
  probeAfterMs: number;
  /** The local throttle used while the store is unreachable; it also sees every response. */
  local: QuotaThrottle;
  onThrottle?: (event: ThrottleEvent) => void;
}

interface FleetWaiter {
  options: AcquireOptions;
  /** Its place in the store's line for a slot. */
  ticket: string;
  resolve(permit: Permit): void;
  reject(reason: unknown): void;
  notified: boolean;
  detach(): void;
}

let counter = 0;
let processPart: string | undefined;
/** A unique id: a random part per process, then a counter. */
function uniqueId(prefix: string): string {
  processPart ??= globalThis.crypto?.randomUUID?.() ?? `${Math.random()}`.slice(2);
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${prefix}${processPart}:${counter}`;
}

class FleetPermit implements Permit {
  #released = false;
  constructor(
    readonly owner: FleetThrottle,
    readonly leaseId: string,
    /** The same request counted by the local throttle, so it knows what this process has out should it take over. */
    readonly local: Permit,
  ) {}

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.owner.onRelease(this);
  }
}

/** Converts what a response said into the store's terms. */
export function storeReportOf(observation: ThrottleObservation): StoreResponseReport {
  const windows: StoreWindowReport[] = [];
  let concurrencyQuota: number | undefined;
  let dailyResetMs: number | undefined;
  const policies = observation.rateLimit?.policies ?? {};
  for (const name in policies) {
    if (!Object.hasOwn(policies, name)) continue;
    const policy = policies[name];
    if (!policy || typeof policy !== 'object') continue;
    const named = policy.name === name ? policy : { ...policy, name };
    const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
    if (isConcurrencyPolicy(named)) {
      if (finite(named.quota) && named.quota >= 1) concurrencyQuota = named.quota;
      continue;
    }
    if (!finite(named.remaining)) continue;
    const report: StoreWindowReport = {
      name,
      remaining: named.remaining,
      countsRequests: countsRequests(named),
    };
    if (finite(named.quota) && named.quota >= 0) report.quota = named.quota;
    if (finite(named.window) && named.window > 0) report.windowSeconds = named.window;
    if (finite(named.resetSeconds) && named.resetSeconds >= 0) {
      report.resetSeconds = Math.min(named.resetSeconds, FLEET_MAX_HOLD_MS / 1000);
    }
    if (name === COST_POLICY && observation.complexityCost !== undefined) report.cost = observation.complexityCost;
    if (name === DAILY_POLICY && named.remaining <= 0 && report.resetSeconds !== undefined) {
      // A `daily` policy spent, as headers would say it: the same fleet-wide daily hold as `DAILY_LIMIT_EXCEEDED`.
      // The margin makes it end with the window's own hold, so the daily reason (never probed) is the one reported.
      dailyResetMs = report.resetSeconds * 1000 + RESET_MARGIN_MS;
    }
    windows.push(report);
  }
  const report: StoreResponseReport = { status: observation.status, windows };
  if (concurrencyQuota !== undefined) report.concurrencyQuota = concurrencyQuota;
  const retryAfter = observation.retryAfterSeconds;
  // 1e308 s is Infinity in ms: capped, so every store holds for the same finite (and refusing) time.
  if (typeof retryAfter === 'number' && Number.isFinite(retryAfter)) {
    report.retryAfterMs = Math.min(FLEET_MAX_HOLD_MS, Math.max(0, retryAfter) * 1000);
  }
  const dailyResetAt = observation.dailyResetAt;
  if (typeof dailyResetAt === 'number' && Number.isFinite(dailyResetAt)) {
    dailyResetMs = Math.max(dailyResetMs ?? 0, dailyResetAt - Date.now(), 0);
  }
  if (dailyResetMs !== undefined) report.dailyResetMs = Math.min(FLEET_MAX_HOLD_MS, dailyResetMs);
  return report;
}

/** A {@link Throttle} over a {@link ThrottleStore}, falling back to its local throttle when the store fails. */
export class FleetThrottle implements Throttle {
  readonly #queue: FleetWaiter[] = [];
  readonly #leases = new Set<string>();
  readonly #memberId = uniqueId('m:');
  #asking = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #alone = false;
  #rejoinAt = 0;
  #pending: ThrottleObservation | undefined;
  /** Leases given up on (a timed-out acquire may still be granted): given back when the store answers again. */
  readonly #abandoned = new Set<string>();
  /** Since when the head waiter has been refused a slot (0: it is not waiting for one). */
  #slotWaitSince = 0;
  /** When this process last had a request to make: its membership lapses `MEMBER_IDLE_MS` after. */
  #busyAt = 0;
  /** True while the retry timer waits for a slot (a release may free one sooner), not for a time. */
  #waitingForSlot = false;
  /** What the store last said holds the line, for a call that gives up waiting (`queueTimeoutMs`). */
  #heldBy: { reason: HoldReason; policy?: string } = { reason: 'concurrency' };

  readonly #options: FleetThrottleOptions;

  constructor(options: FleetThrottleOptions) {
    this.#options = options;
    this.#setMembers(FLEET_SIZE_WHEN_UNKNOWN);
  }

  /** A head waiter refused a slot this long while this process holds no lease goes on alone. */
  get #stallMs(): number {
    return 3 * this.#options.leaseMs;
  }

  tryAcquire(document?: string): Permit | undefined {
    return this.#onOwn() ? this.#options.local.tryAcquire(document) : undefined;
  }

  acquire(options: AcquireOptions): Promise<Permit> {
    const { signal, queueTimeoutMs } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#onOwn()) return this.#options.local.acquire(options);
    return new Promise<Permit>((resolve, reject) => {
      const queuedAt = Date.now();
      let expiry: ReturnType<typeof setTimeout> | undefined;
      const onAbort = (): void => {
        this.#remove(waiter);
        reject(signal?.reason);
      };
      const waiter: FleetWaiter = {
        options,
        ticket: uniqueId('t:'),
        resolve,
        reject,
        notified: false,
        detach: () => {
          signal?.removeEventListener('abort', onAbort);
          clearTimeout(expiry);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (finite(queueTimeoutMs)) {
        // The call's patience in line, as the local throttle keeps it (test/unit/throttle-differential.test.ts).
        const boundMs = Math.min(Math.max(0, queueTimeoutMs), MAX_TIMER_DELAY_MS);
        expiry = setTimeout(() => {
          const index = this.#queue.indexOf(waiter);
          if (index < 0) return;
          const queued = this.#queue.length;
          this.#remove(waiter);
          const { reason, policy } = this.#heldBy;
          reject(
            new ThrottleQueueTimeout(waitedInLine(queuedAt, boundMs, Date.now()), index + 1, queued, reason, policy),
          );
        }, boundMs);
      }
      this.#queue.push(waiter);
      this.#pump();
    });
  }

  observe(observation: ThrottleObservation): void {
    // Keeps the fallback warm (placed by the request's own send), and learns document costs.
    const { permit } = observation;
    this.#options.local.observe(permit instanceof FleetPermit ? { ...observation, permit: permit.local } : observation);
    this.#pending = observation;
  }

  /** Called once per permit, by {@link FleetPermit.release}. */
  onRelease(permit: FleetPermit): void {
    // The client observes a response and releases its permit in the same turn: the observation is this request's.
    const observation = this.#pending;
    this.#pending = undefined;
    this.#leases.delete(permit.leaseId);
    permit.local.release(); // the local throttle learns the document's cost from the observation, as it does alone
    const response = observation ? storeReportOf(observation) : undefined;
    this.#options
      .account()
      .then((account) => this.#options.store.settle({ account, leaseId: permit.leaseId, response }))
      .then(
        () => this.#wake(),
        () => {
          this.#abandon(permit.leaseId); // given back when the store answers again, else it expires by itself
          this.#wake();
        },
      );
  }

  #onOwn(): boolean {
    return this.#alone && Date.now() < this.#rejoinAt;
  }

  /** Asks again now, when a slot may have freed. */
  #wake(): void {
    if (this.#timer !== undefined && this.#waitingForSlot) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    this.#pump();
  }

  /** Asks the store for the head waiter's lease, unless a question or a retry is already under way. */
  #pump(): void {
    if (this.#asking || this.#timer !== undefined) return;
    const head = this.#queue[0];
    if (!head) return;
    if (this.#onOwn()) {
      this.#handOver();
      return;
    }
    this.#asking = true;
    this.#busyAt = Date.now();
    this.#startHeartbeat();
    const leaseId = uniqueId('l:');
    const { document } = head.options;
    const known = this.#options.local.costs.known(document);
    const request = {
      leaseId,
      ticket: head.ticket,
      leaseMs: this.#options.leaseMs,
      initialConcurrency: this.#options.initialConcurrency,
      costs: { [COST_POLICY]: known ?? -1 },
      probeAfterMs: this.#options.probeAfterMs,
      memberId: this.#memberId,
      backlog: this.#queue.length - 1,
    };
    this.#options
      .account()
      .then((account) => this.#options.store.acquire({ account, ...request }))
      .then(
        (result) => {
          this.#asking = false;
          if (!validResult(result)) {
            this.#abandon(leaseId);
            this.#goAlone();
            return;
          }
          this.#rejoined();
          this.#giveBackAbandoned();
          const waiter = this.#queue[0];
          if (result.granted) {
            if (!waiter) {
              this.#giveBack(leaseId);
              return;
            }
            const { members } = result;
            if (Number.isInteger(members) && (members as number) >= 1) this.#setMembers(members as number);
            this.#queue.shift();
            waiter.detach();
            this.#leases.add(leaseId);
            this.#slotWaitSince = 0;
            const local = adopt(this.#options.local, waiter.options.document);
            waiter.resolve(new FleetPermit(this, leaseId, local));
            this.#pump();
            return;
          }
          this.#heldBy = { reason: result.reason, policy: result.policy };
          if (result.reason !== 'concurrency' && result.holdMs !== undefined) {
            // What the fleet knows and this process may not (a window others spent, another's 429): kept locally,
            // should the store become unreachable before the hold ends (test/unit/fleet-store-down.test.ts).
            holdLocally(this.#options.local, result.reason, result.policy, Date.now() + result.holdMs);
          }
          // Pacing (`paced`) waits as long as it takes, as the local throttle's does; a hold the server imposes
          // longer than the call's `maxWaitMs` fails it at once (test/unit/throttle-differential.test.ts).
          if (waiter && !result.paced && result.holdMs !== undefined && result.holdMs > waiter.options.maxWaitMs) {
            this.#remove(waiter);
            const reason = result.reason === 'concurrency' ? undefined : result.reason;
            waiter.reject(new ThrottleWaitTooLongError(result.holdMs, waiter.options.maxWaitMs, result.policy, reason));
            this.#pump();
            return;
          }
          if (waiter && !waiter.notified) {
            waiter.notified = true;
            this.#emit({
              operationName: waiter.options.operationName,
              reason: result.reason,
              policy: result.policy,
              delayMs: result.holdMs,
            });
          }
          if (result.reason !== 'concurrency') this.#slotWaitSince = 0;
          else if (this.#slotWaitSince === 0) this.#slotWaitSince = Date.now();
          else if (this.#leases.size === 0 && Date.now() - this.#slotWaitSince > this.#stallMs) {
            // No slot for several lease times while this process holds none: the line is stuck (a lease that is
            // renewed and never settled, a store gone wrong), so go on alone rather than wait without end.
            this.#goAlone();
            return;
          }
          this.#waitingForSlot = result.retryInMs === undefined;
          const delay = Math.min(
            MAX_RETRY_IN_MS,
            result.retryInMs ?? (result.reason === 'concurrency' ? CONCURRENCY_POLL_MS : FLEET_POLL_MS),
          );
          this.#timer = setTimeout(
            () => {
              this.#timer = undefined;
              this.#pump();
            },
            Math.max(1, delay),
          );
        },
        () => {
          this.#asking = false;
          this.#abandon(leaseId);
          this.#goAlone();
        },
      );
  }

  /** The store failed: go on with the local throttle, on a share of the quota. */
  #goAlone(): void {
    this.#slotWaitSince = 0;
    if (!this.#alone) {
      this.#alone = true;
      takeOver(this.#options.local);
      this.#emit({ reason: 'store-unavailable' });
    }
    this.#rejoinAt = Date.now() + REJOIN_AFTER_MS;
    this.#handOver();
  }

  #rejoined(): void {
    if (!this.#alone) return;
    this.#alone = false;
    this.#emit({ reason: 'store-rejoined' });
  }

  /** The local throttle (used while alone) keeps to 1 / `members` of each quota. */
  #setMembers(members: number): void {
    const share = Math.max(0.01, 1 / Math.max(1, members));
    this.#options.local.setScale(share < 1 ? (policy) => sharePolicy(policy, share) : undefined);
  }

  #abandon(leaseId: string): void {
    if (this.#abandoned.size < MAX_ABANDONED) this.#abandoned.add(leaseId);
  }

  /** Gives back every lease given up on: the store answers again. */
  #giveBackAbandoned(): void {
    for (const leaseId of this.#abandoned) this.#giveBack(leaseId);
    this.#abandoned.clear();
  }

  /** Moves every waiter to the local throttle. */
  #handOver(): void {
    for (const waiter of this.#queue.splice(0)) {
      waiter.detach();
      this.#options.local.acquire(waiter.options).then(waiter.resolve, waiter.reject);
    }
  }

  #giveBack(leaseId: string): void {
    this.#options
      .account()
      .then((account) => this.#options.store.settle({ account, leaseId }))
      .catch(() => {});
  }

  #startHeartbeat(): void {
    if (this.#heartbeat !== undefined) return;
    const renew = (): void => {
      const leaseIds = [...this.#leases];
      this.#options
        .account()
        .then((account) =>
          this.#options.store.renew({ account, leaseIds, leaseMs: this.#options.leaseMs, memberId: this.#memberId }),
        )
        .then(
          (members) => {
            if (Number.isInteger(members) && members >= 1) this.#setMembers(members);
          },
          () => {},
        );
    };
    // The first renewal at once counts this client and learns the fleet's size; then every third of a lease.
    renew();
    this.#heartbeat = setInterval(
      () => {
        const idle = this.#leases.size === 0 && this.#queue.length === 0;
        if (idle && Date.now() - this.#busyAt > MEMBER_IDLE_MS) this.#stopHeartbeat();
        else renew();
      },
      Math.max(50, Math.floor(this.#options.leaseMs / 3)),
    );
    (this.#heartbeat as { unref?: () => void }).unref?.();
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat !== undefined) clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  #remove(waiter: FleetWaiter): void {
    waiter.detach();
    const index = this.#queue.indexOf(waiter);
    if (index >= 0) this.#queue.splice(index, 1);
  }

  #emit(event: ThrottleEvent): void {
    try {
      this.#options.onThrottle?.(event);
    } catch {
      // Hooks only observe.
    }
  }
}

/** What a client gives the throttle factory of its `throttle.store`. */
export interface StoreThrottleRequest {
  throttle: ThrottleOptions;
  /** Hashed at once into the account's key; never kept. */
  token: string;
  baseUrl: string;
  probeAfterMs: number;
  onThrottle: ((event: ThrottleEvent) => void) | undefined;
}

/** The factory a store carries under {@link STORE_THROTTLE}. */
export type StoreThrottleFactory = (request: StoreThrottleRequest) => Throttle;

/**
 * The throttle of a client over `store`, keyed by the client's base URL and a SHA-256 of its token (never the
 * token), with a local throttle for when the store is unreachable.
 */
function storeThrottle(store: ThrottleStore, request: StoreThrottleRequest): Throttle {
  const { throttle, probeAfterMs, onThrottle } = request;
  // Hashed once, now: the throttle keeps the key, not the token.
  const account = globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(request.token)).then((digest) => {
    const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${request.baseUrl}#${hex.slice(0, 32)}`;
  });
  account.catch(() => {}); // a failure shows (and falls back) at the first store call
  return new FleetThrottle({
    store,
    account: () => account,
    initialConcurrency: throttle.initialConcurrency ?? DEFAULT_INITIAL_CONCURRENCY,
    leaseMs: throttle.leaseMs ?? DEFAULT_LEASE_MS,
    probeAfterMs,
    local: createQuotaThrottle(throttle, onThrottle, probeAfterMs),
    onThrottle,
  });
}

/**
 * Makes `store` usable as `throttle: { store }`: marks it with the throttle that drives it. The stores of this
 * package come marked; call this on a store of your own (any object with `acquire`, `settle` and `renew` that
 * follows {@link ThrottleStore}'s contract).
 */
export function defineThrottleStore<S extends ThrottleStore>(store: S): S {
  const factory: StoreThrottleFactory = (request) => storeThrottle(store, request);
  Object.defineProperty(store, STORE_THROTTLE, { value: factory, enumerable: false });
  return store;
}

/**
 * A hold the fleet's store knows of and this process may not (a window quota the fleet spent, a pause after another
 * process's 429, the daily limit), until `until`, kept by the local throttle should it take over.
 */
function holdLocally(
  local: QuotaThrottle,
  reason: 'quota-exhausted' | 'backoff' | 'daily-limit',
  policy: string | undefined,
  until: number,
): void {
  if (!Number.isFinite(until)) return;
  const { holds } = local;
  if (reason === 'daily-limit') holds.d = Math.max(holds.d, until);
  else if (reason === 'backoff') holds.p = laterGate(holds.p, { reason, policy, until });
  else holds.s = laterGate(holds.s, { reason, policy, until });
  local.refresh();
}

/**
 * The local throttle takes over from the store that became unreachable: a window quota it has had no report of
 * since the window began may have been spent by the other processes, so it waits for that window's reset; a window
 * it has a report of keeps to its share of what that report said was left (`throttle-window.ts`).
 */
function takeOver(local: QuotaThrottle): void {
  local.refresh(); // rolls the windows that ended
  for (const tracker of local.windows) {
    if (tracker.r === Number.POSITIVE_INFINITY && tracker.by < Number.POSITIVE_INFINITY) {
      tracker.r = 0;
      tracker.ur = tracker.u;
    }
  }
  local.refresh();
}

/**
 * A policy scaled to `share` (0..1) of the quota: the part one client of a fleet may use on its own. A concurrency
 * quota of 1 or more keeps at least 1 (what the server says is left of it is not read); a window quota at least 1,
 * with what is left of it scaled down.
 */
function sharePolicy(policy: RateLimitPolicy, share: number): RateLimitPolicy {
  const scaled = { ...policy };
  const { quota, remaining } = policy;
  if (isConcurrencyPolicy(policy)) {
    if (finite(quota) && quota >= 1) scaled.quota = Math.max(1, Math.floor(Math.floor(quota) * share));
  } else {
    if (finite(quota)) scaled.quota = Math.max(1, Math.floor(quota * share));
    if (finite(remaining)) scaled.remaining = Math.floor(remaining * share);
  }
  return scaled;
}

/**
 * Counts a request the store let out as the local throttle's own, in flight until the permit is released: should it
 * take over, it knows what this process already has out and sent this window.
 */
function adopt(local: QuotaThrottle, document: string | undefined): Permit {
  local.refresh(); // rolls a window that ended, so the send counts in the one it lands in
  return local.grant(Date.now(), document, local.costs.expected(document));
}

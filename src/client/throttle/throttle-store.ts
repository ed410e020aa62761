/**
 * The interface between a client's throttle and the place its rate-limit state is kept. A store holds one
 * account's shared state (requests in flight as leases, the window quotas counted for everyone, the shared
 * "blocked until"), so every process of an app that uses the same store throttles as one.
 * Without a store a client keeps this state to itself, in memory. `createMemoryThrottleStore` shares it between the
 * clients of one process; `createRedisThrottleStore` (from `workspace-platform-sdk/redis`) between processes.
 */

/** What one window quota (e.g. `minuteRate`, `complexityMinute`) said in one response. */
export interface StoreWindowReport {
  /** The policy name. */
  name: string;
  /** `q`: the quota, when declared. */
  quota?: number;
  /** `w`: the window in seconds, when declared. */
  windowSeconds?: number;
  /** `r`: what was left when the server answered. */
  remaining: number;
  /** `t`: seconds from the server's answer to the window's reset, when given. */
  resetSeconds?: number;
  /** True when each request costs one unit of this quota; false when requests have a cost (complexity). */
  countsRequests: boolean;
  /** What this request cost of the quota, when the server said so exactly (e.g. a `complexity` field). */
  cost?: number;
}

/** What a response said, as a store needs it. */
export interface StoreResponseReport {
  /** The HTTP status of the response. */
  status: number;
  /** The `concurrency` quota, when declared. */
  concurrencyQuota?: number;
  /** The window quotas the response reported. */
  windows: StoreWindowReport[];
  /** The wait the server asked for (a 429's `Retry-After`, a budget error's `retry_in_seconds`), in milliseconds. */
  retryAfterMs?: number;
  /**
   * The daily call quota is spent (`DAILY_LIMIT_EXCEEDED`): milliseconds from the answer until its reset. Every
   * process of the account is held until then.
   */
  dailyResetMs?: number;
}

/** A request for the right to send one request. */
export interface StoreAcquireRequest {
  /** The account's key in the store: derived from the base URL and a hash of the token, never the token. */
  account: string;
  /** Unique id of this lease; the same id settles or renews it. */
  leaseId: string;
  /**
   * The id of the waiting request, the same on each try: when no slot is free, waiters get slots in the order
   * they first asked, whichever process they are in.
   */
  ticket: string;
  /** How long the lease lasts unless renewed: a process that dies gives its slots back after this. */
  leaseMs: number;
  /** Requests in flight allowed while the server has declared no `concurrency` quota. */
  initialConcurrency: number;
  /** The expected cost of the request for each policy whose requests have a cost (e.g. `complexityMinute`). */
  costs: Record<string, number>;
  /** A hold that has lasted this long with no fresh answer from the server lets one probe request through. */
  probeAfterMs: number;
  /**
   * Unique id of the asking client: the store counts it as a member from its first acquire (as {@link
   * ThrottleStore.renew} does), so every client's share is right from the start.
   */
  memberId?: string;
  /**
   * Requests the client has waiting behind this one (optional, with `memberId`). The store sums what its members
   * have waiting, and holds no request back to time a window's reset when that fits in what the window has left:
   * the timing pays only when requests will wait for the next window, and at the end of a batch it held the last
   * requests of the last window back by up to a second.
   */
  backlog?: number;
}

/** The store's answer to {@link ThrottleStore.acquire}. */
export type StoreAcquireResult =
  | {
      /** The request may be sent now, under the lease asked for. */
      granted: true;
      /**
       * The clients the store counts now (optional): a client learns its fleet's size with every grant, so the share
       * it keeps to, should the store become unreachable, is right however recently the others joined.
       */
      members?: number;
    }
  | {
      /** The request has to wait. */
      granted: false;
      /** Why the request has to wait: `daily-limit` while the daily quota is spent (until its reset). */
      reason: 'concurrency' | 'quota-exhausted' | 'backoff' | 'daily-limit';
      /** The policy that holds it, when one does. */
      policy?: string;
      /** When to ask again, in milliseconds from now; absent when only a released slot can help. */
      retryInMs?: number;
      /** How long the whole known hold lasts, in milliseconds; absent for the concurrency cap. */
      holdMs?: number;
      /**
       * True when the hold is only pacing: spent window quotas of at most a minute, each resetting within its own
       * length. The client waits it out however short the call's `maxWaitMs` (which bounds only what the server
       * imposes: a pause, the daily limit, a longer window). Absent: the whole hold counts against `maxWaitMs`.
       */
      paced?: boolean;
    };

/** The end of one lease. */
export interface StoreSettleRequest {
  /** The account's key in the store, as in {@link StoreAcquireRequest.account}. */
  account: string;
  /** The lease to give back. */
  leaseId: string;
  /** What the response said; absent when the request got none (network error, abort). */
  response?: StoreResponseReport;
}

/** Keeps leases of requests still in flight alive. */
export interface StoreRenewRequest {
  /** The account's key in the store, as in {@link StoreAcquireRequest.account}. */
  account: string;
  /** The leases to keep alive. */
  leaseIds: string[];
  /** How long each lease lasts from now unless renewed again. */
  leaseMs: number;
  /** Unique id of the renewing client: the store counts the live ones to size a client's local share. */
  memberId: string;
}

/**
 * A request to count `units` against a quota over a sliding window, for a limit no response header reports (the
 * bulk imports' hourly item budget): see {@link ThrottleStore.reserveUnits}.
 */
export interface StoreReserveRequest {
  /** What is counted, chosen by the caller (never a token): e.g. one account's hourly import budget. */
  key: string;
  /** Units to count now. */
  units: number;
  /** Units allowed in any window. */
  quota: number;
  /** The window, in milliseconds; a reservation stops counting this long after it was made. */
  windowMs: number;
}

/** The store's answer to {@link ThrottleStore.reserveUnits}. */
export type StoreReserveResult =
  | {
      /** The units are reserved. */
      granted: true;
    }
  | {
      /** Nothing is reserved: the units do not fit in the window yet. */
      granted: false;
      /** Milliseconds until enough earlier reservations stop counting for these units to fit. */
      retryInMs: number;
    };

/**
 * Where a throttle keeps an account's shared rate-limit state. Every method may reject (an unreachable
 * Redis, a timeout): the client then throttles alone on a local share of the quota until the store works again.
 * Implementations must make each method atomic: concurrent callers from many processes see one order.
 */
export interface ThrottleStore {
  /** Takes a lease when a request may be sent now, or says how long to wait. */
  acquire(request: StoreAcquireRequest): Promise<StoreAcquireResult>;
  /** Gives a lease back and folds what its response said into the shared state. */
  settle(request: StoreSettleRequest): Promise<void>;
  /** Extends the given leases; resolves to the number of clients that renewed recently (at least 1). */
  renew(request: StoreRenewRequest): Promise<number>;
  /**
   * Optional: counts `units` against a sliding-window quota shared by every user of the store, when they fit; else
   * says when they will. `importItems` (`workspace-platform-sdk/bulk`) paces its jobs by the hourly item budget
   * through it, so the processes of an app importing into one account share that budget. The memory store has it;
   * a store without it leaves each process to pace itself.
   */
  reserveUnits?(request: StoreReserveRequest): Promise<StoreReserveResult>;
}

/** Default lease: a process that dies mid-request gives its slots back within this. */
export const DEFAULT_LEASE_MS = 10_000;

/**
 * The key under which a store carries the factory of the throttle that uses it. Stores made by
 * `createMemoryThrottleStore`, `createRedisThrottleStore` or {@link defineThrottleStore} have it; a client without a store never
 * loads that throttle, so it costs a browser bundle nothing.
 */
export const STORE_THROTTLE: unique symbol = Symbol.for('workspace-platform-sdk.store-throttle') as never;

/**
 * Assembles and starts one emulator around a GraphQL engine: the token registry, version policy,
 * rate limiter, idempotency cache, fault plan, request log and the HTTP server itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLEngine, TokenGrant } from '../contract.js';
import { createOAuthRoutes } from '../oauth/index.js';
import { TokenRegistry } from './auth.js';
import type { ServerContext } from './context.js';
import { DEMO_TOKENS } from './demo-tokens.js';
import { FaultPlan, type FaultRule } from './faults.js';
import { createRequestListener } from './http.js';
import { DEFAULT_MAX_CACHED_BYTES, IdempotencyCache } from './idempotency.js';
import { type EmulatorStats, RequestLog, type RequestRecord } from './log.js';
import { type EmulatorServerOptions, positive, type ResolvedLimits, resolveLimits } from './options.js';
import { RateLimiter } from './rate-limit.js';
import { VersionPolicy } from './versions.js';

/** The store of an engine that exposes one (`engine.store`). */
export type StoreOf<Engine> = Engine extends { store: infer Store } ? Store : undefined;

/** A running emulator. */
export interface RunningEmulator<Engine extends GraphQLEngine = GraphQLEngine> {
  /** Origin of the API, e.g. `http://127.0.0.1:4010`; GraphQL is at `${baseUrl}/v2`. */
  readonly baseUrl: string;
  /** Origin of the OAuth endpoints (`${authUrl}/oauth2/authorize`, `${authUrl}/oauth2/token`). */
  readonly authUrl: string;
  /** Port listened on. */
  readonly port: number;
  /** The GraphQL engine serving the requests. */
  readonly engine: Engine;
  /** The engine's in-memory data (boards, items created, …). */
  readonly store: StoreOf<Engine>;
  /** Supported API versions. */
  readonly versions: readonly string[];
  /** The version used when a request names none (the current one on the emulator's clock, unless set). */
  readonly defaultVersion: string;
  /** Quotas and windows in force. */
  readonly limits: ResolvedLimits;
  /** Every request received since start (or the last reset), oldest first. */
  readonly requests: readonly RequestRecord[];
  /** Requests whose mutation was executed (replays and refusals excluded). */
  readonly mutations: readonly RequestRecord[];
  /** Running totals. */
  readonly stats: Readonly<EmulatorStats>;
  /**
   * Replaces the fault rules; their counters start again.
   * @throws {@link EmulatorSettingsError} for an unknown fault kind or key, a wrong type or an impossible value; the
   * rules in force stay.
   */
  setFaults(rules: readonly FaultRule[]): void;
  /**
   * Makes `token` valid on /v2 with exactly `grant`.
   * @throws {@link EmulatorSettingsError} for an empty token or one with spaces, or a grant with a missing, mistyped or
   * unknown part (an unknown scope, a `kind` other than `personal` or `oauth`); the message never shows the token.
   */
  registerToken(token: string, grant: TokenGrant): void;
  /** Makes `token` invalid. */
  revokeToken(token: string): boolean;
  /**
   * Clears the request log, totals, rate-limit counters and idempotency cache, forgets every open OAuth consent page
   * and authorization code (so none of them can be used after), and restarts the fault rules' counters. The store,
   * the rules and the tokens (configured, registered or issued by the OAuth flow) stay.
   */
  reset(): void;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** Starts an emulator serving `engine` over HTTP. */
export async function startEmulatorServer<Engine extends GraphQLEngine>(
  engine: Engine,
  options: EmulatorServerOptions = {},
): Promise<RunningEmulator<Engine>> {
  const now = options.now ?? Date.now;
  const closing = new AbortController();
  const faults = new FaultPlan(options.faults ?? []);
  const ctx: ServerContext = {
    engine,
    tokens: new TokenRegistry(options.tokens ?? DEMO_TOKENS),
    versions: new VersionPolicy(engine.versions, engine.defaultVersion, {
      ...(options.versions ? { only: options.versions } : {}),
      ...(options.defaultVersion !== undefined ? { preferred: options.defaultVersion } : {}),
      ...(options.versionRouting !== undefined ? { routing: options.versionRouting } : {}),
      clock: engine.clock ?? { now },
    }),
    limiter: new RateLimiter(resolveLimits(options.limits), now),
    idempotency: new IdempotencyCache(
      positive(options.idempotency?.ttlMs, 30 * 60_000, 'idempotency.ttlMs'),
      now,
      positive(options.idempotency?.maxCachedBytes, DEFAULT_MAX_CACHED_BYTES, 'idempotency.maxCachedBytes'),
    ),
    faults,
    log: new RequestLog(options.log, positive(options.maxRecords, 10_000, 'maxRecords')),
    now,
    closing: closing.signal,
    maxBodyBytes: positive(options.maxBodyBytes, 1024 * 1024, 'maxBodyBytes'),
    maxUploadBytes: positive(options.maxUploadBytes, 10 * 1024 * 1024, 'maxUploadBytes'),
    complexityErrorStyle: options.complexityErrorStyle ?? 'status-429',
    conflictRetryAfterSeconds: Math.ceil(
      positive(options.idempotency?.retryAfterSeconds, 1, 'idempotency.retryAfterSeconds'),
    ),
    origin: '',
  };
  const oauth = createOAuthRoutes({
    apps: options.apps ?? [],
    registerToken: (token, grant) => ctx.tokens.add(token, grant),
    now,
    ...(options.oauthDirectory ? { directory: options.oauthDirectory } : {}),
    ...(options.oauthUser === undefined ? {} : { signedInUserId: options.oauthUser }),
    ...(options.oauthRateLimit ? { rateLimit: options.oauthRateLimit } : {}),
  });
  const server = createServer({ keepAliveTimeout: 5_000 }, createRequestListener(ctx, oauth));
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  const port = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const host = options.host ?? '127.0.0.1';
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  ctx.origin = origin;
  let closed: Promise<void> | undefined;

  return {
    baseUrl: origin,
    authUrl: origin,
    port,
    engine,
    store: (engine as { store?: unknown }).store as StoreOf<Engine>,
    versions: ctx.versions.supported,
    get defaultVersion() {
      return ctx.versions.defaultVersion;
    },
    limits: ctx.limiter.limits,
    get requests() {
      return ctx.log.records;
    },
    get mutations() {
      return ctx.log.records.filter((record) => record.kind === 'mutation' && record.executed);
    },
    get stats() {
      return ctx.log.stats;
    },
    // The rules and tokens are checked at the edge, as the options are (../start.ts, ../settings/).
    setFaults(rules) {
      faults.set(rules);
    },
    registerToken(token, grant) {
      ctx.tokens.add(token, grant);
    },
    revokeToken: (token) => ctx.tokens.revoke(token),
    reset() {
      ctx.log.reset();
      ctx.limiter.reset();
      ctx.idempotency.clear();
      oauth.reset();
      faults.restart();
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog: 2048 }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

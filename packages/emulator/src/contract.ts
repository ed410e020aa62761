/**
 * The boundary between the emulator's GraphQL engine (schema, store, resolvers, complexity)
 * and its HTTP server (auth, versions, idempotency, rate limits, faults, OAuth).
 * The server never reaches into resolvers; the engine never sees HTTP.
 */
import type { GraphQLFormattedError } from 'graphql';
import type { Scope } from 'workspace-platform-sdk';

/** Who is calling: resolved by the server from the bearer token. */
export interface TokenGrant {
  /** Personal API token or OAuth access token. */
  kind: 'personal' | 'oauth';
  /** Account the token acts in. */
  accountId: number;
  /** User the token acts as. */
  userId: number;
  /** Scopes granted to the token. Personal tokens usually carry them all. */
  scopes: readonly Scope[];
  /** For OAuth tokens: the app's client_id. */
  clientId?: string;
}

/** A file received in a multipart request, mapped to a variable path. */
export interface EmulatorUpload {
  /** File name the client gave the part. */
  filename: string;
  /** Media type of the part (`application/octet-stream` when the client gave none). */
  contentType: string;
  /** The file's content. */
  bytes: Uint8Array;
}

/** Complexity budget figures the server exposes to the `complexity` query field. */
export interface ComplexitySnapshot {
  /** Budget remaining before this query. */
  before: number;
  /** Budget remaining after this query. */
  after: number;
  /** Cost of this query. */
  query: number;
  /** Seconds until the budget window resets. */
  resetInSeconds: number;
  /** The account's daily call quota and the calls counted in the current day, this one included (`platform_api`). */
  daily?: { quota: number; used: number };
}

/** One GraphQL request, already authenticated and version-checked by the server. */
export interface EngineRequest {
  /** The GraphQL document text. */
  query: string;
  /** Variables as the client sent them (not yet coerced). */
  variables?: Record<string, unknown> | null;
  /** Selects the operation when `query` holds several. */
  operationName?: string | null;
  /** Who is calling, resolved from the bearer token. */
  grant: TokenGrant;
  /** The API version in force (validated by the server). */
  version: string;
  /**
   * Files of a multipart request, keyed by the variable path they fill, exactly as the request's `map` names it
   * (`variables.file`, `variables.files.0`). The engine places each upload at its path in a copy of `variables`
   * before coercing them (missing containers are created; a path outside `variables.` is a BAD_USER_INPUT error),
   * so the server passes `variables` untouched. A `File` argument accepts nothing but such an upload.
   */
  files?: ReadonlyMap<string, EmulatorUpload>;
  /** Warnings the server attaches to the answer (a routed version), sent first in `extensions.warnings`. */
  warnings?: readonly ResponseWarning[];
  /**
   * The origin the request reached the server at (`http://127.0.0.1:4010`), for addresses the engine hands out that
   * point back at the server (the bulk jobs' upload and report URLs).
   */
  origin?: string;
}

/** Faults the server's rules chose for one upload of a bulk job's file (see the fault kinds `upload-expired`, ...). */
export interface UploadFaults {
  /** Answer the upload as if its URL had expired. */
  expireUpload?: boolean;
  /** The job fails after applying this many rows (default: half of them), with this reason and message. */
  fail?: { afterRows?: number; reason?: string; message?: string };
  /** The job applies this many rows per second instead of the engine's setting. */
  rowsPerSecond?: number;
}

/** A request to one of the bulk jobs' pre-signed addresses, as the server passes it on. */
export interface TransferRequest {
  /** The job named in the path. */
  jobId: string;
  /** The `expires` query parameter, as sent. */
  expires: string | null;
  /** The `signature` query parameter, as sent. */
  signature: string | null;
  /** An upload's body, piece by piece as it arrives. */
  body?: AsyncIterable<Uint8Array>;
  /** Faults chosen for an upload. */
  faults?: UploadFaults;
}

/** The engine's answer to a {@link TransferRequest}. */
export interface TransferAnswer {
  status: number;
  contentType: string;
  body: string;
  /** The error code of a refusal, for the request log. */
  code?: string;
}

/** The bulk jobs' pre-signed addresses, served by the server and answered by the engine. */
export interface BulkTransfers {
  /** Receives a job's file (`PUT` or `POST` to its `upload_url`). */
  upload(request: TransferRequest): Promise<TransferAnswer>;
  /** A job's report of failed rows (`GET` of its `report_url`). */
  report(request: TransferRequest): Promise<TransferAnswer>;
}

/** One warning of a response's `extensions.warnings`, in the platform's shape. */
export interface ResponseWarning {
  /** What to change, for a person. */
  message: string;
  /** Where in the query, when the warning is about part of it. */
  locations?: { line: number; column: number }[];
  /** The operation kind (or fragment name) and response names down to the element warned about. */
  path?: string[];
  /** `code` and the names the warning is about. */
  extensions: { code: string; [key: string]: unknown };
}

/** The outcome of preparing a request: parsed, validated, classified and costed; not yet executed. */
export type PreparedOperation =
  | {
      ok: true;
      /** Kind of the operation that will run (honours operationName; `{ ... }` is a query). */
      kind: 'query' | 'mutation' | 'subscription';
      /** Deterministic complexity cost of this operation. */
      complexity: number;
      /** Runs it. `complexity` is what the `complexity` field reports. */
      execute(complexity: ComplexitySnapshot): Promise<EngineResponseBody>;
    }
  | {
      ok: false;
      /** A GraphQL-level failure (syntax, validation, unknown operationName): answered with 200 and `errors`. */
      body: EngineResponseBody;
    };

/** A GraphQL response body as the platform sends it. */
export interface EngineResponseBody {
  /** Result of the operation; null when it could not run. */
  data?: Record<string, unknown> | null;
  /** GraphQL errors, each with `extensions.code`. */
  errors?: GraphQLFormattedError[];
  /** Present at top level of a successful response. */
  account_id?: number;
  /** Response metadata; `warnings` lists deprecations the request ran into. */
  extensions?: { warnings?: ResponseWarning[] };
}

/** A source of time: milliseconds since the epoch, as `Date.now()` counts them. */
export interface EmulatorClock {
  /** The current time in milliseconds since the epoch. */
  now(): number;
}

/** What the HTTP server needs from the GraphQL engine. */
export interface GraphQLEngine {
  /** API versions the engine can serve, newest last. */
  readonly versions: readonly string[];
  /** Version used when a request sends no API-Version header. */
  readonly defaultVersion: string;
  /**
   * The engine's clock. The server dates the version calendar (the default version, routes of deprecated ones) by
   * this same object, so they agree with the engine's `version { kind }`; without one, by the server's `now`.
   */
  readonly clock?: EmulatorClock;
  /** SDL text of a version's schema. */
  sdl(version: string): string;
  /** Introspection result (`{ __schema: ... }` wrapped as `{ data: ... }`) of a version's schema. */
  introspection(version: string): Record<string, unknown>;
  /** Parses, validates and costs a request. Never throws for bad GraphQL. */
  prepare(request: EngineRequest): PreparedOperation;
  /** The bulk jobs' upload and report addresses; an engine without bulk jobs has none (404 on those paths). */
  readonly transfers?: BulkTransfers;
}

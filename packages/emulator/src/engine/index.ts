/**
 * The emulator's GraphQL engine: schema per API version, in-memory store, resolvers, scope checks and
 * complexity cost. The HTTP server calls it through {@link GraphQLEngine} (see `../contract.ts`).
 *
 * Multipart uploads: pass them in `EngineRequest.files`, keyed by their variable path (`variables.file`,
 * `variables.files.0`); the engine places each upload at that path before coercing variables, so the
 * server does not touch `variables`. (Putting an EmulatorUpload into `variables` directly also works.)
 */
import { introspectionFromSchema } from 'graphql';
import type { EngineRequest, GraphQLEngine, PreparedOperation } from '../contract.js';
import { type BulkOptions, resolveBulkSettings } from './bulk/settings.js';
import { DEFAULT_CURSOR_TTL_MS } from './cursor.js';
import { prepareOperation } from './prepare.js';
import { RESOLVERS } from './resolvers/index.js';
import { SchemaCache } from './schema/build.js';
import { publishedSdl } from './schema/published-sdl.js';
import type { EngineClock } from './store/clock.js';
import { defaultSeed, type SeedData } from './store/seed.js';
import { EmulatorStore } from './store/store.js';
import { DEFAULT_VERSION, ENGINE_VERSIONS, type EngineVersion, isEngineVersion } from './versions.js';

export { type BulkOptions, IMPORT_ROW_LIMITS } from './bulk/settings.js';
export { DEFAULT_LIST_SIZE, LEAF_COST, MUTATION_COST, OBJECT_COST, operationCost } from './complexity.js';
export type { EngineContext } from './context.js';
export { MAX_PAGE_SIZE } from './cursor.js';
export { ENGINE_ERROR_CODES, type EngineErrorCode } from './errors.js';
export type { ActivityLogRecord } from './store/activity-log.js';
export type { NewAsset } from './store/assets.js';
export type { AsyncJobRecord, BulkEvent, ImportJobRecord } from './store/bulk-jobs.js';
export type { EngineClock } from './store/clock.js';
export type { NewItem } from './store/items.js';
export type * from './store/records.js';
export { DEFAULT_SEED_FACTS, defaultSeed, type SeedBoard, type SeedData, type SeedItem } from './store/seed.js';
export { EmulatorStore } from './store/store.js';
export type { CustomActivityRecord, TimelineItemRecord } from './store/timeline.js';
export type { LikeRecord, UpdateRecord } from './store/updates.js';
export {
  ANNOUNCED_DEPRECATIONS,
  type AnnouncedDeprecation,
  currentVersion,
  DEFAULT_VERSION,
  ENGINE_VERSIONS,
  type EngineVersion,
  isEngineVersion,
  isQuarterVersion,
  routedVersion,
  type VersionKind,
  versionKind,
} from './versions.js';

/** Options of {@link createEngine}. */
export interface EngineOptions {
  /** Data the store starts with (copied). Default: {@link defaultSeed}. */
  seed?: SeedData;
  /**
   * Clock stamping new records, ageing cursors and dating the version calendar (`version { kind }`, and through
   * `Engine.clock` the server's default version and routes). Default: the real time.
   */
  clock?: EngineClock;
  /** How long an items cursor lives, in milliseconds. Default: 60 minutes, as on the platform. */
  cursorTtlMs?: number;
  /** Speeds and limits of the bulk jobs (import, delete, archive). */
  bulk?: BulkOptions;
  /**
   * The key the bulk jobs' upload and report URLs are signed with. Default: a fresh random key. An engine rebuilt to
   * the same state (the testing kit's restore) takes the same key, so the URLs handed out before still work.
   */
  signingKey?: Uint8Array;
}

/** A GraphQL engine together with the store its resolvers read and change. */
export type Engine = GraphQLEngine & { readonly store: EmulatorStore };

function served(version: string): EngineVersion {
  if (!isEngineVersion(version))
    throw new RangeError(`API version "${version}" is not served; use one of ${ENGINE_VERSIONS.join(', ')}.`);
  return version;
}

/** Introspection of each version: it depends only on the schema, which every engine shares. */
const introspection = new Map<EngineVersion, Record<string, unknown>>();

/**
 * Creates an engine with its own store. Schemas, SDL and introspection are built once per version, on first use,
 * and shared by every engine of the process (they hold no data).
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const store = new EmulatorStore(options.seed ?? defaultSeed(), options.clock, {
    settings: resolveBulkSettings(options.bulk),
    ...(options.signingKey ? { signingKey: options.signingKey } : {}),
  });
  const cursorTtlMs = options.cursorTtlMs ?? DEFAULT_CURSOR_TTL_MS;
  if (!(cursorTtlMs > 0))
    throw new RangeError(`cursorTtlMs must be a positive number of milliseconds; got ${cursorTtlMs}.`);
  const schemas = new SchemaCache(RESOLVERS);
  return {
    store,
    clock: store.clock,
    versions: ENGINE_VERSIONS,
    defaultVersion: DEFAULT_VERSION,
    sdl(version: string): string {
      return publishedSdl(served(version));
    },
    introspection(version: string): Record<string, unknown> {
      const key = served(version);
      const result = introspection.get(key) ?? { data: introspectionFromSchema(schemas.get(key)) };
      introspection.set(key, result);
      return result;
    },
    prepare(request: EngineRequest): PreparedOperation {
      return prepareOperation(schemas, store, request, cursorTtlMs);
    },
    transfers: {
      upload: (request) => store.bulkJobs.catchUp().then(() => store.bulkJobs.receiveUpload(request)),
      report: (request) => store.bulkJobs.catchUp().then(() => store.bulkJobs.report(request)),
    },
  };
}

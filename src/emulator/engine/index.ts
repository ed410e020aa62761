/**
 * The emulator's GraphQL engine: schema per API version, in-memory store, resolvers, scope checks and
 * complexity cost. The HTTP server calls it through {@link GraphQLEngine} (see `../contract.ts`).
 *
 * Multipart uploads: pass them in `EngineRequest.files`, keyed by their variable path (`variables.file`,
 * `variables.files.0`); the engine places each upload at that path before coercing variables, so the
 * server does not touch `variables`. (Putting an EmulatorUpload into `variables` directly also works.)
 */
import { introspectionFromSchema, printSchema } from 'graphql';
import type { EngineRequest, GraphQLEngine, PreparedOperation } from '../contract.js';
import { DEFAULT_CURSOR_TTL_MS } from './cursor.js';
import { prepareOperation } from './prepare.js';
import { accountResolvers } from './resolvers/account.js';
import { assetResolvers } from './resolvers/assets.js';
import { boardResolvers } from './resolvers/boards.js';
import { docResolvers } from './resolvers/docs.js';
import { itemResolvers } from './resolvers/item.js';
import { itemRelationResolvers } from './resolvers/items.js';
import { itemsByColumnValuesResolvers } from './resolvers/items-by-column-values.js';
import { mergeResolverMaps } from './resolvers/merge.js';
import { mutationResolvers } from './resolvers/mutation.js';
import { newerVersionResolvers } from './resolvers/newer-versions.js';
import { notificationResolvers } from './resolvers/notifications.js';
import { objectResolvers } from './resolvers/objects.js';
import { queryResolvers } from './resolvers/query.js';
import { searchResolvers } from './resolvers/search.js';
import { structureResolvers } from './resolvers/structure.js';
import { tagResolvers } from './resolvers/tags.js';
import { teamResolvers } from './resolvers/teams.js';
import { timelineResolvers } from './resolvers/timeline.js';
import { updateResolvers } from './resolvers/updates.js';
import { userResolvers } from './resolvers/users.js';
import { webhookResolvers } from './resolvers/webhooks.js';
import { workspaceResolvers } from './resolvers/workspaces.js';
import { SchemaCache } from './schema/build.js';
import { defaultSeed, type SeedData } from './store/seed.js';
import { EmulatorStore } from './store/store.js';
import { DEFAULT_VERSION, ENGINE_VERSIONS, type EngineVersion, isEngineVersion } from './versions.js';

export { DEFAULT_LIST_SIZE, LEAF_COST, MUTATION_COST, OBJECT_COST, operationCost } from './complexity.js';
export type { EngineContext } from './context.js';
export { MAX_PAGE_SIZE } from './cursor.js';
export { ENGINE_ERROR_CODES, type EngineErrorCode } from './errors.js';
export type { ActivityLogRecord } from './store/activity-log.js';
export type * from './store/records.js';
export { DEFAULT_SEED_FACTS, defaultSeed, type SeedBoard, type SeedData, type SeedItem } from './store/seed.js';
export { EmulatorStore, type NewAsset, type NewItem } from './store/store.js';
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
  /** Clock stamping new records and dating the version calendar (`version { kind }`). Default: the real time. */
  now?: () => Date;
  /** How long an items cursor lives, in milliseconds. Default: 60 minutes, as on the platform. */
  cursorTtlMs?: number;
}

/** A GraphQL engine together with the store its resolvers read and change. */
export type Engine = GraphQLEngine & { readonly store: EmulatorStore };

/** Every resolver of the engine, by type and field (each installed where a version's schema has the field). */
export const engineResolvers = mergeResolverMaps(
  queryResolvers,
  mutationResolvers,
  objectResolvers,
  itemResolvers,
  boardResolvers,
  structureResolvers,
  itemRelationResolvers,
  updateResolvers,
  timelineResolvers,
  userResolvers,
  accountResolvers,
  workspaceResolvers,
  teamResolvers,
  tagResolvers,
  assetResolvers,
  webhookResolvers,
  notificationResolvers,
  docResolvers,
  newerVersionResolvers,
  itemsByColumnValuesResolvers,
  searchResolvers,
);

function served(version: string): EngineVersion {
  if (!isEngineVersion(version))
    throw new RangeError(`API version "${version}" is not served; use one of ${ENGINE_VERSIONS.join(', ')}.`);
  return version;
}

/** SDL and introspection of each version: they depend only on the schema, which every engine shares. */
const sdl = new Map<EngineVersion, string>();
const introspection = new Map<EngineVersion, Record<string, unknown>>();

/**
 * Creates an engine with its own store. Schemas, SDL and introspection are built once per version, on first use,
 * and shared by every engine of the process (they hold no data).
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const now = options.now ?? (() => new Date());
  const store = new EmulatorStore(options.seed ?? defaultSeed(), now);
  const cursorTtlMs = options.cursorTtlMs ?? DEFAULT_CURSOR_TTL_MS;
  if (!(cursorTtlMs > 0))
    throw new RangeError(`cursorTtlMs must be a positive number of milliseconds; got ${cursorTtlMs}.`);
  const schemas = new SchemaCache(engineResolvers);
  return {
    store,
    versions: ENGINE_VERSIONS,
    defaultVersion: DEFAULT_VERSION,
    sdl(version: string): string {
      const key = served(version);
      const text = sdl.get(key) ?? printSchema(schemas.get(key));
      sdl.set(key, text);
      return text;
    },
    introspection(version: string): Record<string, unknown> {
      const key = served(version);
      const result = introspection.get(key) ?? { data: introspectionFromSchema(schemas.get(key)) };
      introspection.set(key, result);
      return result;
    },
    prepare(request: EngineRequest): PreparedOperation {
      return prepareOperation(schemas, store, request, { cursorTtlMs, now });
    },
  };
}

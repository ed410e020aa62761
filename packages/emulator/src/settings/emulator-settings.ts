/**
 * Every setting the emulator takes, described once and checked at the edge: `startEmulator(options)` (and through
 * it the CLI's `--config` file), `setFaults(rules)` and `registerToken(token, grant)`. Rule map:
 * - an unknown or misspelled key: refused, the nearest valid key suggested (`Shape` walker in shape.ts);
 * - a wrong type: refused, naming the key and the type wanted;
 * - an impossible value: refused (a negative latency, an `http-error` or `respond` status outside HTTP's,
 *   a probability outside [0, 1], a version not of the platform's quarter form `YYYY-MM`, a port outside 0-65535).
 * The table is typed against the option interfaces, so a new option without a rule here does not compile.
 * Pinned by packages/emulator/test/emulator-settings.test.ts.
 */
import { isApiVersion, isScope } from 'workspace-platform-sdk';
import type { SeedData } from '../engine/store/seed.js';
import { VERSION_FORM_HINT } from '../engine/versions.js';
import type { EmulatorOptions } from '../options.js';
import type { FaultMatch, FaultRule } from '../server/faults.js';
import type { EmulatorServerOptions } from '../server/options.js';
import type { NumberShape, ObjectShape, Shape, VariantShape } from './shape.js';
import { checkShape } from './shape.js';

const positive: NumberShape = { type: 'number', above: 0 };
const positiveInteger: NumberShape = { type: 'number', integer: true, min: 1 };
const integer: NumberShape = { type: 'number', integer: true };
const text: Shape = { type: 'string' };
const version: Shape = {
  type: 'string',
  check: (value) => (isApiVersion(value) ? undefined : ['', `must be shaped ${VERSION_FORM_HINT}; got '${value}'`]),
};

const windowed: ObjectShape = { type: 'object', fields: { quota: positive, windowSeconds: positive } };

const token: ObjectShape = {
  type: 'object',
  fields: {
    token: {
      type: 'string',
      nonEmpty: true,
      secret: true,
      check: (value) => (/\s/.test(value) ? ['', 'must not contain spaces'] : undefined),
    },
    kind: { type: 'string', oneOf: ['personal', 'oauth'] },
    accountId: integer,
    userId: integer,
    scopes: { type: 'array', items: scopeShape() },
    clientId: text,
  },
  required: ['token', 'accountId', 'userId'],
};

const app: ObjectShape = {
  type: 'object',
  fields: {
    clientId: text,
    clientSecret: { type: 'string', secret: true },
    redirectUris: { type: 'array', items: text },
    scopes: { type: 'array', items: scopeShape() },
    name: text,
    versions: {
      type: 'array',
      items: {
        type: 'object',
        fields: { id: positiveInteger, status: { type: 'string', oneOf: ['live', 'draft', 'deprecated'] } },
        required: ['id', 'status'],
      },
    },
    collaborators: { type: 'array', items: integer },
  },
  required: ['clientId', 'clientSecret', 'redirectUris'],
};

/** HTTP statuses a fault may answer with. */
const httpStatus: NumberShape = { type: 'number', integer: true, min: 100, max: 599 };

const faultMatch: Record<keyof FaultMatch, Shape> = {
  route: {
    type: 'string',
    check: (value) =>
      /^\s*(\*|[A-Za-z]+)\s+\/\S*\s*$/.test(value) ? undefined : ['', `must be 'METHOD /path'; got '${value}'`],
  },
  mutationsOnly: { type: 'boolean' },
  nth: { type: 'array', items: positiveInteger },
  every: positiveInteger,
  first: { type: 'number', integer: true, min: 0 },
  probability: { type: 'number', min: 0, max: 1 },
  seed: integer,
};

/** Fields of each fault kind (besides `kind` and the match). */
const faultKinds: Record<FaultRule['kind'], ObjectShape> = {
  latency: { type: 'object', fields: { ms: { type: 'number', min: 0 } }, required: ['ms'] },
  'http-error': {
    type: 'object',
    fields: { status: { ...httpStatus, min: 400 }, body: text },
  },
  'drop-before-execute': { type: 'object' },
  'drop-after-execute': { type: 'object' },
  'reset-mid-body': { type: 'object' },
  respond: {
    type: 'object',
    fields: { status: { ...httpStatus, min: 200 }, headers: { type: 'object', values: text }, body: text },
    required: ['status'],
  },
  'malformed-rate-limit-headers': { type: 'object' },
  'upload-expired': { type: 'object' },
  'job-fails': {
    type: 'object',
    fields: {
      afterRows: { type: 'number', integer: true, min: 0 },
      reason: {
        type: 'string',
        oneOf: [
          'ACCOUNT_CAPACITY_EXCEEDED',
          'AUTHORIZATION_FAILED',
          'BOARD_CAPACITY_EXCEEDED',
          'FILE_TOO_LARGE',
          'INTERNAL_ERROR',
          'INVALID_UPLOAD',
          'PERMISSION_DENIED',
        ],
      },
      message: text,
    },
  },
  'job-slow': { type: 'object', fields: { rowsPerSecond: positive }, required: ['rowsPerSecond'] },
};

const faultRule: VariantShape = { type: 'variant', tag: 'kind', common: faultMatch, variants: faultKinds };

const faultRules: Shape = { type: 'array', items: faultRule };

const serverFields: Record<keyof EmulatorServerOptions, Shape> = {
  port: { type: 'number', integer: true, min: 0, max: 65_535 },
  host: { type: 'string', nonEmpty: true },
  tokens: { type: 'array', items: token },
  limits: {
    type: 'object',
    fields: {
      minuteRate: windowed,
      concurrency: { type: 'object', fields: { quota: positive } },
      complexity: windowed,
      complexityPerQuery: positive,
      daily: windowed,
    },
  },
  idempotency: {
    type: 'object',
    fields: { ttlMs: positive, retryAfterSeconds: positive, maxCachedBytes: positive },
  },
  versions: { type: 'array', items: version, nonEmpty: true },
  defaultVersion: version,
  versionRouting: { type: 'string', oneOf: ['route', 'refuse'] },
  maxBodyBytes: positive,
  maxUploadBytes: positive,
  complexityErrorStyle: { type: 'string', oneOf: ['status-429', 'graphql-error', 'complexity-exception'] },
  apps: { type: 'array', items: app },
  oauthDirectory: { type: 'function' },
  oauthUser: integer,
  oauthRateLimit: windowed,
  faults: faultRules,
  now: { type: 'function' },
  maxRecords: positiveInteger,
  log: { type: 'function' },
};

/** A list of records: each an object, whose fields are the engine's to check. */
const records: Shape = { type: 'array', items: { type: 'object', values: { type: 'any' } } };

/** The seed's families, each a list of records (typed against `SeedData`, so a new family needs a rule here). */
const seedFamilies: Record<keyof SeedData, Shape> = {
  accounts: records,
  users: records,
  boards: records,
  items: records,
  updates: records,
  customActivities: records,
  timelineItems: records,
  workspaces: records,
  folders: records,
  teams: records,
  tags: records,
  assets: records,
  webhooks: records,
  docs: records,
  docBlocks: records,
  articles: records,
  forms: records,
  accountDetails: records,
  boardViews: records,
  validations: records,
  favorites: records,
  dashboards: records,
  widgets: records,
  objectSchemas: records,
  objectSchemaConnections: records,
  boardAutomations: records,
  triggerEvents: records,
  blockEvents: records,
  toolEvents: records,
  templates: records,
  managedColumns: records,
  departments: records,
  marketplaceApps: records,
  appSubscriptions: records,
};

/** The seed: its families and that each record is an object; the records' own fields are the engine's to check. */
const seedShape: ObjectShape = {
  type: 'object',
  fields: seedFamilies,
  required: ['accounts', 'users', 'boards', 'items'],
};

const optionFields: Record<Exclude<keyof EmulatorOptions, keyof EmulatorServerOptions>, Shape> = {
  seed: seedShape,
  snapshot: { type: 'string', nonEmpty: true },
  sampleData: { type: 'boolean' },
  exportOnExit: { type: 'string', nonEmpty: true },
  cursorTtlMs: positive,
  bulk: {
    type: 'object',
    fields: {
      importRowsPerSecond: positive,
      itemsPerSecond: positive,
      hourlyItemBudget: positive,
      maxFileBytes: positive,
    },
  },
  webhooks: {
    type: 'object',
    fields: {
      signingSecret: { type: 'string', nonEmpty: true, secret: true },
      retryIntervalMs: positive,
      retryForMs: positive,
      timeoutMs: positive,
      maxPendingDeliveries: positiveInteger,
    },
  },
};

/** Every option of `startEmulator`. */
export const EMULATOR_OPTIONS_SHAPE: ObjectShape = { type: 'object', fields: { ...serverFields, ...optionFields } };

/**
 * Checks the options of `startEmulator` before anything starts.
 * @throws {@link EmulatorSettingsError} naming the first key that is unknown, of the wrong type, or impossible.
 */
export function checkEmulatorOptions(options: unknown, label = 'Emulator option'): void {
  checkShape(options, EMULATOR_OPTIONS_SHAPE, label, '');
}

/**
 * Checks seed data (a state file's) as the `seed` option is checked.
 * @throws {@link EmulatorSettingsError} naming the first family or record that is malformed.
 */
export function checkSeed(seed: unknown, label: string): void {
  checkShape(seed, seedShape, label, 'seed');
}

/** A token and its grant, as `registerToken(token, grant)` takes them. */
const registeredToken: ObjectShape = {
  type: 'object',
  fields: {
    token: token.fields?.token ?? text,
    grant: {
      type: 'object',
      fields: {
        kind: { type: 'string', oneOf: ['personal', 'oauth'] },
        accountId: integer,
        userId: integer,
        scopes: { type: 'array', items: scopeShape() },
        clientId: text,
      },
      required: ['kind', 'accountId', 'userId', 'scopes'],
    },
  },
  required: ['token', 'grant'],
};

/**
 * Checks a token and its grant before `registerToken` makes it valid; the token itself is never shown.
 * @throws {@link EmulatorSettingsError} naming the first part that is missing, of the wrong type, or impossible.
 */
export function checkRegisteredToken(tokenValue: unknown, grant: unknown): void {
  checkShape({ token: tokenValue, grant }, registeredToken, 'registerToken:', '');
}

/**
 * Checks fault rules before they replace the active ones.
 * @throws {@link EmulatorSettingsError} naming the first rule and key that is unknown, of the wrong type, or impossible.
 */
export function checkFaultRules(rules: unknown): void {
  checkShape(rules, faultRules, 'setFaults', 'faults');
}

function scopeShape(): Shape {
  return {
    type: 'string',
    check: (value) => (isScope(value) ? undefined : ['', `must be a known scope; got '${value}'`]),
  };
}

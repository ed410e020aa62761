/**
 * What the parity report compares between the platform's answer and the emulator's, for one operation: pure, so each
 * kind of difference is decided in one place. Rule map:
 * - `status`: the HTTP status;
 * - `error-code`: the set of GraphQL error codes (`extensions.code`), and whether there were errors at all; an error
 *   `NOT_MODELLED` on the emulator's side is its own kind, `not-modelled` (a field the emulator does not model);
 * - `field`: at every path of `data` either side answers, whether the field is present with a value, null or absent;
 * - `list-length` and `value`: list lengths and scalar values, for queries only (both sides hold the same snapshot;
 *   a mutation makes new ids and times on each side); times (keys ending `_at`) and the platform's bookkeeping inside
 *   JSON values (`changed_at`, `updated_at`) are compared by presence only;
 * - `version`: the answering `API-Version` (with the policies below, compared only when both sides answered the same
 *   status: an error page of another status, without the headers, is one difference, the status);
 * - `warnings`: the set of warning codes (`extensions.warnings`, each code in its `extensions.code` as the platform
 *   sends it);
 * - `rate-limit-policy`: the policies in `RateLimit-Policy`, each by its name, quota, window and quota unit (the
 *   SDK's throttle paces calls by them);
 * - `cost`: the complexity each side charged, as each side's own answer reports it (the `complexity { query }` that
 *   {@link askingChargedComplexity} adds to each operation sent, else `extensions.complexity`), differing by more
 *   than 10%; not compared when either side does not report it.
 * Pinned by packages/emulator/test/commands/parity.test.ts.
 */
import { Kind, parse, print, visit } from 'graphql';

/**
 * The alias under which parity asks each side what the operation charged (`complexity { query }`, answered beside a
 * query and beside a mutation: https://developer.monday.com/api-reference/changelog/added-complexity-field-to-mutations),
 * so each side's figure comes from its own answer; the field is left out of the fields compared.
 */
export const CHARGED_COMPLEXITY_ALIAS = 'parity_charged_complexity';

/** `document` with `complexity { query }` under {@link CHARGED_COMPLEXITY_ALIAS} at the root of each operation. */
export function askingChargedComplexity(document: string): string {
  const asked = visit(parse(document), {
    OperationDefinition(operation) {
      if (operation.operation === 'subscription') return undefined;
      const field = {
        kind: Kind.FIELD,
        alias: { kind: Kind.NAME, value: CHARGED_COMPLEXITY_ALIAS },
        name: { kind: Kind.NAME, value: 'complexity' },
        selectionSet: {
          kind: Kind.SELECTION_SET,
          selections: [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: 'query' } }],
        },
      } as const;
      return {
        ...operation,
        selectionSet: { ...operation.selectionSet, selections: [...operation.selectionSet.selections, field] },
      };
    },
  });
  return print(asked);
}

/** One side's answer to an operation. */
export interface ParityAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The kinds of difference the report groups by. */
export type ParityDifferenceKind =
  | 'status'
  | 'error-code'
  | 'not-modelled'
  | 'field'
  | 'list-length'
  | 'value'
  | 'version'
  | 'warnings'
  | 'rate-limit-policy'
  | 'cost';

/** One difference: what, where, and each side's reading. */
export interface ParityDifference {
  kind: ParityDifferenceKind;
  /** The path in `data` (`boards.0.items_page.items.3.name`), or empty for the whole answer. */
  path: string;
  platform: string;
  emulator: string;
}

/** What each kind means, for the report. */
export const DIFFERENCE_EXPLANATIONS: Record<ParityDifferenceKind, string> = {
  status: 'The HTTP status differs.',
  'error-code': 'The GraphQL error codes differ (an error on one side only, or another class of error).',
  'not-modelled':
    'The emulator does not model a field this operation selects (it answers NOT_MODELLED); a fault rule or a snapshot can stand in for it in tests.',
  field: 'A field is present on one side and null or absent on the other.',
  'list-length': 'A list holds a different number of entries.',
  value: 'A value differs although both sides hold the same snapshot.',
  version: 'The answering API version differs.',
  warnings: 'The warnings differ.',
  'rate-limit-policy':
    'The rate-limit policies in RateLimit-Policy differ (a name, quota or window); the `limits` option of the emulator sets its own.',
  cost: 'The complexity charged differs by more than 10%.',
};

const TIME_KEY = /(_at|At)$/;
const BOOKKEEPING = ['changed_at', 'updated_at'];

/** The differences between two answers to one operation. */
export function compareAnswers(
  platform: ParityAnswer,
  emulator: ParityAnswer,
  options: { compareValues: boolean },
): ParityDifference[] {
  const out: ParityDifference[] = [];
  if (platform.status !== emulator.status)
    out.push({ kind: 'status', path: '', platform: String(platform.status), emulator: String(emulator.status) });
  const platformCodes = errorCodes(platform.body);
  const emulatorCodes = errorCodes(emulator.body);
  const notModelled = emulatorCodes.includes('NOT_MODELLED') && !platformCodes.includes('NOT_MODELLED');
  if (notModelled)
    out.push({ kind: 'not-modelled', path: '', platform: show(platformCodes), emulator: show(emulatorCodes) });
  else if (show(platformCodes) !== show(emulatorCodes))
    out.push({ kind: 'error-code', path: '', platform: show(platformCodes), emulator: show(emulatorCodes) });
  walk(appData(platform.body), appData(emulator.body), '', options.compareValues, out);
  const sameStatus = platform.status === emulator.status;
  const platformVersion = platform.headers['api-version'] ?? '';
  const emulatorVersion = emulator.headers['api-version'] ?? '';
  if (sameStatus && platformVersion !== emulatorVersion)
    out.push({
      kind: 'version',
      path: '',
      platform: platformVersion || '(none)',
      emulator: emulatorVersion || '(none)',
    });
  const platformWarnings = warningCodes(platform.body);
  const emulatorWarnings = warningCodes(emulator.body);
  if (show(platformWarnings) !== show(emulatorWarnings))
    out.push({ kind: 'warnings', path: '', platform: show(platformWarnings), emulator: show(emulatorWarnings) });
  const platformPolicies = policies(platform.headers['ratelimit-policy']);
  const emulatorPolicies = policies(emulator.headers['ratelimit-policy']);
  if (sameStatus && show(platformPolicies) !== show(emulatorPolicies))
    out.push({
      kind: 'rate-limit-policy',
      path: '',
      // Only the policies that differ: the rest are alike.
      platform: show(platformPolicies.filter((policy) => !emulatorPolicies.includes(policy))),
      emulator: show(emulatorPolicies.filter((policy) => !platformPolicies.includes(policy))),
    });
  const platformCost = costOf(platform.body);
  const emulatorCost = costOf(emulator.body);
  if (
    platformCost !== undefined &&
    emulatorCost !== undefined &&
    Math.abs(platformCost - emulatorCost) > 0.1 * Math.max(platformCost, emulatorCost)
  )
    out.push({ kind: 'cost', path: '', platform: String(platformCost), emulator: String(emulatorCost) });
  return out;
}

function show(list: readonly string[]): string {
  return list.length === 0 ? '(none)' : list.join(', ');
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function dataOf(body: unknown): unknown {
  return record(body)?.data;
}

/** The data the app's operation selected: without the cost parity asked for. */
function appData(body: unknown): unknown {
  const data = record(dataOf(body));
  if (!data || !Object.hasOwn(data, CHARGED_COMPLEXITY_ALIAS)) return dataOf(body);
  const { [CHARGED_COMPLEXITY_ALIAS]: _asked, ...selected } = data;
  return selected;
}

/** The GraphQL error codes of an answer (`extensions.code`, `ERROR` where an error has none), sorted, once each. */
export function errorCodes(body: unknown): string[] {
  const errors = record(body)?.errors;
  if (!Array.isArray(errors)) return [];
  const codes = errors.map((error) => {
    const code = record(record(error)?.extensions)?.code;
    return typeof code === 'string' ? code : 'ERROR';
  });
  return [...new Set(codes)].sort();
}

function warningCodes(body: unknown): string[] {
  const warnings = record(record(body)?.extensions)?.warnings;
  if (!Array.isArray(warnings)) return [];
  const codes = warnings.map((warning) => {
    // The platform's shape puts the code in the warning's `extensions`; a bare `code` is read too.
    const code = record(record(warning)?.extensions)?.code ?? record(warning)?.code;
    return typeof code === 'string' ? code : 'WARNING';
  });
  return [...new Set(codes)].sort();
}

/** Each policy of a `RateLimit-Policy` header as `name q=… w=… qu=…` (its parameters sorted), sorted. */
function policies(header: string | undefined): string[] {
  if (!header) return [];
  const entries = header.split(',').map((entry) => {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    const shown = parameters
      .filter((parameter) => parameter !== '')
      .map((parameter) => parameter.replace(/"/g, ''))
      .sort();
    return [name.replace(/^"|"$/g, ''), ...shown].join(' ');
  });
  return [...new Set(entries.filter((entry) => entry !== ''))].sort();
}

/**
 * The complexity charged, as the answer says: the `complexity { query }` parity asked for, `extensions.complexity`,
 * or a `complexity { query }` the operation selects itself.
 */
function costOf(body: unknown): number | undefined {
  const asked = record(record(dataOf(body))?.[CHARGED_COMPLEXITY_ALIAS])?.query;
  if (typeof asked === 'number') return asked;
  const fromExtensions = record(record(body)?.extensions)?.complexity;
  const figure = typeof fromExtensions === 'number' ? fromExtensions : record(fromExtensions)?.query;
  if (typeof figure === 'number') return figure;
  const fromField = record(record(dataOf(body))?.complexity)?.query;
  return typeof fromField === 'number' ? fromField : undefined;
}

function presence(value: unknown, has: boolean): string {
  if (!has) return 'absent';
  return value === null ? 'null' : 'present';
}

/** A JSON text's value with the platform's bookkeeping keys left out, or the text itself. */
function comparableScalar(value: unknown): string {
  if (typeof value === 'string' && value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as Record<string, unknown>;
      for (const key of BOOKKEEPING) delete parsed[key];
      return JSON.stringify(parsed);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value);
}

function walk(a: unknown, b: unknown, path: string, values: boolean, out: ParityDifference[]): void {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (values && a.length !== b.length)
      out.push({ kind: 'list-length', path, platform: String(a.length), emulator: String(b.length) });
    const shared = Math.min(a.length, b.length);
    for (let index = 0; index < shared; index += 1) walk(a[index], b[index], join(path, String(index)), values, out);
    return;
  }
  const left = record(a);
  const right = record(b);
  if (left && right) {
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      const hasLeft = Object.hasOwn(left, key);
      const hasRight = Object.hasOwn(right, key);
      const at = join(path, key);
      const leftShape = presence(left[key], hasLeft);
      const rightShape = presence(right[key], hasRight);
      if (leftShape !== rightShape) {
        out.push({ kind: 'field', path: at, platform: leftShape, emulator: rightShape });
        continue;
      }
      if (hasLeft && hasRight && left[key] !== null) {
        if (TIME_KEY.test(key)) continue;
        walk(left[key], right[key], at, values, out);
      }
    }
    return;
  }
  if (a === null || b === null || a === undefined || b === undefined) return;
  if ((typeof a === 'object') !== (typeof b === 'object')) {
    out.push({ kind: 'field', path, platform: typeof a, emulator: typeof b });
    return;
  }
  if (values && comparableScalar(a) !== comparableScalar(b))
    out.push({ kind: 'value', path, platform: clip(comparableScalar(a)), emulator: clip(comparableScalar(b)) });
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

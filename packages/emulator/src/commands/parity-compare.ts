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
 * - `version`: the answering `API-Version`; `warnings`: the set of warning codes (`extensions.warnings`);
 * - `rate-limit-policy`: the names of the policies in `RateLimit-Policy`;
 * - `cost`: the complexity charged, when both sides report it (`extensions.complexity` or a `complexity { query }`
 *   field of the answer), differing by more than 10%.
 * Pinned by packages/emulator/test/commands/parity.test.ts.
 */

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
  'rate-limit-policy': 'The rate-limit policies named in RateLimit-Policy differ.',
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
  walk(dataOf(platform.body), dataOf(emulator.body), '', options.compareValues, out);
  const platformVersion = platform.headers['api-version'] ?? '';
  const emulatorVersion = emulator.headers['api-version'] ?? '';
  if (platformVersion !== emulatorVersion)
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
  const platformPolicies = policyNames(platform.headers['ratelimit-policy']);
  const emulatorPolicies = policyNames(emulator.headers['ratelimit-policy']);
  if (show(platformPolicies) !== show(emulatorPolicies))
    out.push({
      kind: 'rate-limit-policy',
      path: '',
      platform: show(platformPolicies),
      emulator: show(emulatorPolicies),
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

function errorCodes(body: unknown): string[] {
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
    const code = record(warning)?.code;
    return typeof code === 'string' ? code : 'WARNING';
  });
  return [...new Set(codes)].sort();
}

function policyNames(header: string | undefined): string[] {
  if (!header) return [];
  const names = header.split(',').map((entry) => entry.trim().split(';')[0]?.replace(/^"|"$/g, '') ?? '');
  return [...new Set(names.filter((name) => name !== ''))].sort();
}

/** The complexity charged, where the answer says: `extensions.complexity` or a selected `complexity { query }`. */
function costOf(body: unknown): number | undefined {
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

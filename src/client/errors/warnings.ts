/**
 * Warnings a response carries in `extensions.warnings` (the platform's shape, changelog "Warning messages now included
 * in API responses": `{ message, locations, path, extensions: { code, ... } }`), read into typed
 * {@link ApiWarning}s. A warning never fails a call: it lands on `ApiResult.warnings` and the `onWarning` hook.
 *
 * Rule map:
 * - `extensions.code` `deprecatedVersion` → kind `deprecated-version` (the version asked for is routed elsewhere);
 *   `unsupportedVersion` → `unknown-version`; `deprecatedField`, `deprecatedArgument`, `deprecatedEnumValue` →
 *   `deprecated-field`; anything else (or no code) → `other`.
 * - An entry without a string `message` is skipped; anything else the server attached stays in `extensions`.
 * - The token is redacted from the message, path and extensions: warnings reach results and the `onWarning` hook.
 * - The first {@link MAX_KEPT_WARNINGS} are kept; the rest are counted, not read (as errors are capped): one body of
 *   900,000 warnings once cost 160 MB of heap and 900,000 hook calls.
 * Pinned by test/unit/warnings.test.ts.
 */

import { isObject, ownValue } from '../object-reads.js';
import type { ApiWarning, ApiWarningKind } from '../types.js';
import { type CodeTable, errorInfoOf } from './error-info.js';
import { codeOf } from './errors.js';
import type { Redactor } from './redact.js';

const KIND_BY_CODE: CodeTable<ApiWarningKind> = {
  __proto__: null,
  deprecatedVersion: 'deprecated-version',
  unsupportedVersion: 'unknown-version',
  deprecatedField: 'deprecated-field',
  deprecatedArgument: 'deprecated-field',
  deprecatedEnumValue: 'deprecated-field',
};

/** Shared by every result without warnings, so the common path allocates nothing. */
export const NO_WARNINGS: readonly ApiWarning[] = Object.freeze([]);

/**
 * The most warnings a result keeps (and the most `onWarning` calls one response makes); `ApiResult.omittedWarnings`
 * counts the rest. The same cap as `MAX_KEPT_ERRORS`.
 */
export const MAX_KEPT_WARNINGS = 100;

/** The warnings of a response: the first ones kept, and how many more it held. */
export interface ResponseWarnings {
  warnings: readonly ApiWarning[];
  omitted: number;
}

/** Shared by every response without warnings, so the common path allocates nothing. */
export const NO_RESPONSE_WARNINGS: ResponseWarnings = Object.freeze({ warnings: NO_WARNINGS, omitted: 0 });

/** A warning of an entry with a string `message`. */
function toWarning(entry: Record<string, unknown>, redact: Redactor): ApiWarning {
  // The same normalising as an error's (error-info.ts: errorInfoOf), its fields kept; a warning's path keeps names
  // only (the cast: its number segments are dropped below).
  const info = errorInfoOf(entry, redact);
  const code = codeOf(info);
  const warning = { ...info, kind: KIND_BY_CODE[code] ?? 'other', extensions: info.extensions ?? {} } as ApiWarning;
  if (code) warning.code = code;
  if (info.path) warning.path = info.path.filter((part): part is string => typeof part === 'string');
  return warning;
}

/**
 * The warnings of a response body (its `extensions.warnings`), the token redacted: the first
 * {@link MAX_KEPT_WARNINGS}, and how many more there were (entries that are no warning are neither kept nor counted).
 */
export function warningsOf(body: unknown, redact: Redactor): ResponseWarnings {
  const list = ownValue(ownValue(body, 'extensions'), 'warnings');
  if (!Array.isArray(list)) return NO_RESPONSE_WARNINGS;
  const warnings: ApiWarning[] = [];
  let omitted = 0;
  for (const entry of list) {
    if (!isObject(entry) || typeof entry.message !== 'string') continue;
    if (warnings.length < MAX_KEPT_WARNINGS) warnings.push(toWarning(entry, redact));
    else omitted++;
  }
  return warnings.length > 0 ? { warnings, omitted } : NO_RESPONSE_WARNINGS;
}

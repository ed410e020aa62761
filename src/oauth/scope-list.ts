/**
 * Reading and writing the space-separated scope lists of the OAuth flow.
 */
import { isScope, type Scope } from '../scopes.js';

/** The scopes of a space-separated list, or the words that are not scopes. */
export type ScopeListResult = { ok: true; scopes: Scope[] } | { ok: false; unknown: string[] };

/** Splits a space-separated list (any whitespace) into scopes, without duplicates, in the order given. */
export function parseScopeList(text: string): ScopeListResult {
  const words = text.split(/\s+/).filter((word) => word.length > 0);
  const unknown = words.filter((word) => !isScope(word));
  if (unknown.length > 0) return { ok: false, unknown };
  return { ok: true, scopes: [...new Set(words as Scope[])] };
}

/** Joins scopes into the space-separated form of the `scope` parameter. */
export function formatScopeList(scopes: readonly Scope[]): string {
  return [...new Set(scopes)].join(' ');
}

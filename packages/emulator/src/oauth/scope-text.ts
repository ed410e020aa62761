/** The `scope` value the emulator sends back: each granted scope once, separated by spaces, as the platform writes it. */
import type { Scope } from 'workspace-platform-sdk';

/** Joins `scopes` into a space-separated list, each once, in the order given. */
export function formatScopeList(scopes: readonly Scope[]): string {
  return [...new Set(scopes)].join(' ');
}

/**
 * Parses the `RateLimit-Policy` and `RateLimit` headers (structured-field lists) into one
 * {@link RateLimitState}, joined by policy name. A missing or malformed header contributes nothing.
 */
import { type BareItem, type List, parseList, type Parameters, Token } from 'structured-headers';
import type { RateLimitPolicy, RateLimitState } from './types.js';

/** A policy name or unit: a String or a Token bare item. */
function textOf(item: BareItem | undefined): string | undefined {
  if (typeof item === 'string') return item;
  if (item instanceof Token) return item.toString();
  return undefined;
}

function numberOf(item: BareItem | undefined): number | undefined {
  return typeof item === 'number' && Number.isFinite(item) ? item : undefined;
}

/** The list members of a header that are items named by a String or Token, with their parameters. */
function namedItems(value: string | null): [string, Parameters][] {
  if (value === null || value.trim() === '') return [];
  let list: List;
  try {
    list = parseList(value);
  } catch {
    return [];
  }
  const items: [string, Parameters][] = [];
  for (const member of list) {
    if (Array.isArray(member[0])) continue; // an inner list names no policy
    const name = textOf(member[0] as BareItem);
    if (name !== undefined && name !== '__proto__') items.push([name, member[1]]);
  }
  return items;
}

function policyFor(policies: Record<string, RateLimitPolicy>, name: string): RateLimitPolicy {
  const existing = Object.hasOwn(policies, name) ? policies[name] : undefined;
  if (existing) return existing;
  const created: RateLimitPolicy = { name };
  policies[name] = created;
  return created;
}

/** Rate-limit state of one response. Never throws. */
export function parseRateLimit(headers: Headers): RateLimitState {
  const policies: Record<string, RateLimitPolicy> = {};
  for (const [name, params] of namedItems(headers.get('ratelimit-policy'))) {
    const policy = policyFor(policies, name);
    const quota = numberOf(params.get('q'));
    const window = numberOf(params.get('w'));
    const unit = textOf(params.get('qu'));
    if (quota !== undefined) policy.quota = quota;
    if (window !== undefined) policy.window = window;
    if (unit !== undefined) policy.unit = unit;
  }
  for (const [name, params] of namedItems(headers.get('ratelimit'))) {
    const policy = policyFor(policies, name);
    const remaining = numberOf(params.get('r'));
    const resetSeconds = numberOf(params.get('t'));
    if (remaining !== undefined) policy.remaining = remaining;
    if (resetSeconds !== undefined) policy.resetSeconds = resetSeconds;
  }
  return { policies };
}

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
function namedItems(value: string): [string, Parameters][] {
  if (value.trim() === '') return [];
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

/** What one header says about one policy: its name and the fields it sets. */
interface PolicyFacts {
  name: string;
  fields: Partial<RateLimitPolicy>;
}

/** Reads the fields one header's parameters set. */
type FieldReader = (params: Parameters) => Partial<RateLimitPolicy>;

function policyFields(params: Parameters): Partial<RateLimitPolicy> {
  const fields: Partial<RateLimitPolicy> = {};
  const quota = numberOf(params.get('q'));
  const window = numberOf(params.get('w'));
  const unit = textOf(params.get('qu'));
  if (quota !== undefined) fields.quota = quota;
  if (window !== undefined) fields.window = window;
  if (unit !== undefined) fields.unit = unit;
  return fields;
}

function stateFields(params: Parameters): Partial<RateLimitPolicy> {
  const fields: Partial<RateLimitPolicy> = {};
  const remaining = numberOf(params.get('r'));
  const resetSeconds = numberOf(params.get('t'));
  if (remaining !== undefined) fields.remaining = remaining;
  if (resetSeconds !== undefined) fields.resetSeconds = resetSeconds;
  return fields;
}

/**
 * Parses one header into {@link PolicyFacts}, remembering the last text it parsed: servers send the
 * same `RateLimit-Policy` on every response, so that header is parsed once, not once per call. Only
 * an identical string reuses the result (`RateLimit`'s `r` and `t` usually change every time).
 */
function createHeaderReader(readFields: FieldReader): (value: string | null) => readonly PolicyFacts[] {
  let lastText: string | undefined;
  let lastFacts: readonly PolicyFacts[] = [];
  return (value) => {
    if (value === null) return [];
    if (value !== lastText) {
      lastFacts = namedItems(value).map(([name, params]) => ({ name, fields: readFields(params) }));
      lastText = value;
    }
    return lastFacts;
  };
}

const readPolicyHeader = createHeaderReader(policyFields);
const readStateHeader = createHeaderReader(stateFields);

/** Adds what one header says to `policies`, by policy name; later mentions override earlier ones. */
function apply(policies: Record<string, RateLimitPolicy>, facts: readonly PolicyFacts[]): void {
  for (const { name, fields } of facts) {
    const existing = Object.hasOwn(policies, name) ? policies[name] : undefined;
    if (existing) Object.assign(existing, fields);
    else policies[name] = { name, ...fields };
  }
}

/** The last pair of header texts parsed, and the policies they gave (never handed out: copied). */
let lastPair: { policyText: string | null; stateText: string | null; policies: Record<string, RateLimitPolicy> } | undefined;

/** Rate-limit state of one response: a new object every time, safe to keep or change. Never throws. */
export function parseRateLimit(headers: Headers): RateLimitState {
  const policyText = headers.get('ratelimit-policy');
  const stateText = headers.get('ratelimit');
  if (lastPair === undefined || lastPair.policyText !== policyText || lastPair.stateText !== stateText) {
    const parsed: Record<string, RateLimitPolicy> = {};
    apply(parsed, readPolicyHeader(policyText));
    apply(parsed, readStateHeader(stateText));
    lastPair = { policyText, stateText, policies: parsed };
  }
  const policies: Record<string, RateLimitPolicy> = {};
  for (const name in lastPair.policies) policies[name] = { ...(lastPair.policies[name] as RateLimitPolicy) };
  return { policies };
}

/**
 * Parses the `RateLimit-Policy` and `RateLimit` headers (structured-field lists) into one
 * {@link RateLimitState}, joined by policy name. A missing or malformed header contributes nothing.
 *
 * Runs once per response, so it builds the result directly: no intermediate pairs or field objects.
 * `RateLimit-Policy` is the same on every response and is parsed once (a one-entry memo keyed by its text);
 * `RateLimit`'s `r` and `t` change on almost every response from a real server, so its memo helps only one
 * whose state stays put; parsed members are never modified, so the memo can share them.
 */
import { RATELIMIT, RATELIMIT_POLICY } from './constants.js';
import { type ListMember, type ListValue, parseList } from './structured-list.js';
import type { RateLimitPolicy, RateLimitState } from './types.js';

/** A policy name or unit: the text of a String or a Token. */
function textOf(item: ListValue | undefined): string | undefined {
  return typeof item === 'string' ? item : undefined;
}

function numberOf(item: ListValue | undefined): number | undefined {
  return typeof item === 'number' && Number.isFinite(item) ? item : undefined;
}

/** The header as a structured-field list (empty when blank), or undefined when it is absent or malformed. */
function listOf(value: string | null): ListMember[] | undefined {
  return value === null ? undefined : parseList(value);
}

/** The policy a list member names (a String or Token item), or undefined for an inner list or anything else. */
function nameOf(member: ListMember): string | undefined {
  const name = textOf(member[0]);
  return name === '__proto__' ? undefined : name;
}

/** The policy named `name` in `policies`, added when missing. */
function entry(policies: Record<string, RateLimitPolicy>, name: string): RateLimitPolicy {
  const existing = Object.hasOwn(policies, name) ? policies[name] : undefined;
  if (existing) return existing;
  const created: RateLimitPolicy = { name };
  policies[name] = created;
  return created;
}

/** The policies `RateLimit-Policy` declares (`q`, `w`, `qu`); later mentions of a name override earlier ones. */
function declaredPolicies(value: string | null): Record<string, RateLimitPolicy> {
  const policies: Record<string, RateLimitPolicy> = {};
  for (const member of listOf(value) ?? []) {
    const name = nameOf(member);
    if (name === undefined) continue;
    const params = member[1];
    const quota = numberOf(params.get('q'));
    const window = numberOf(params.get('w'));
    const unit = textOf(params.get('qu'));
    const policy = entry(policies, name);
    if (quota !== undefined) policy.quota = quota;
    if (window !== undefined) policy.window = window;
    if (unit !== undefined) policy.unit = unit;
  }
  return policies;
}

/** The last `RateLimit-Policy` text parsed and what it declared. */
let lastPolicyText: string | null = null;
let lastDeclared: Record<string, RateLimitPolicy> = {};
/** The last `RateLimit` text parsed and its members: a server whose state does not move pays one parse. */
let lastStateText: string | null = null;
let lastState: ListMember[] | undefined;

/** Rate-limit state of one response: a new object every time, safe to keep or change. Never throws. */
export function parseRateLimit(headers: Headers): RateLimitState {
  const policyText = headers.get(RATELIMIT_POLICY);
  if (policyText !== lastPolicyText) {
    lastDeclared = declaredPolicies(policyText);
    lastPolicyText = policyText;
  }
  const policies: Record<string, RateLimitPolicy> = {};
  // Copies, never the memo's own objects (which hold only the fields their policy declares).
  for (const name in lastDeclared) policies[name] = Object.assign({}, lastDeclared[name]);
  const stateText = headers.get(RATELIMIT);
  if (stateText !== lastStateText) {
    lastState = listOf(stateText);
    lastStateText = stateText;
  }
  const state = lastState;
  if (state) {
    for (const member of state) {
      const name = nameOf(member);
      if (name === undefined) continue;
      const params = member[1];
      const remaining = numberOf(params.get('r'));
      // `t` is a non-negative integer in the RateLimit fields draft: a negative one is no "reset now"
      // (test/unit/rate-limit-errors.test.ts), it is no reset time at all.
      const t = numberOf(params.get('t'));
      const resetSeconds = t !== undefined && t >= 0 ? t : undefined;
      const policy = entry(policies, name);
      if (remaining !== undefined) policy.remaining = remaining;
      if (resetSeconds !== undefined) policy.resetSeconds = resetSeconds;
    }
  }
  return { policies };
}

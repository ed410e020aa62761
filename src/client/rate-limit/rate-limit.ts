/**
 * Parses the `RateLimit-Policy` and `RateLimit` headers (structured-field lists) into one
 * {@link RateLimitState}, joined by policy name. A missing or malformed header contributes nothing.
 *
 * Runs once per response, so it builds the result directly: no intermediate pairs or field objects.
 * `RateLimit-Policy` is the same on every response and is parsed once (a one-entry memo keyed by its text).
 * `RateLimit`'s `r` and `t` change on almost every response from a real server, so it is read straight into the
 * result when it has the form servers send (String names, parameters `r` and `t` integers): one pattern check, then
 * no list, map or parameter is made for it. Anything else takes the full structured-field parse. Both reads give
 * the same result (test/unit/rate-limit.test.ts compares them).
 */
import { RATELIMIT, RATELIMIT_POLICY } from '../constants.js';
import type { RateLimitPolicy, RateLimitState } from '../types.js';
import { type ListMember, type ListValue, parseList } from './structured-list.js';

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
/**
 * A `RateLimit` of the form servers send: String names, parameters `r` and `t` only, each an integer (at most 15
 * digits, the structured-field limit), members parted by commas and optional spaces or tabs. The full parse gives
 * such a header the same members.
 */
const PLAIN = /^ *(?:"[ !#-[\]-~]*"(?:;[rt]=\d{1,15})*[ \t]*(?:,[ \t]*(?=")|$))*$/;

/**
 * Reads a {@link PLAIN} `RateLimit` into `policies` with no list, map or parameter made for it (a name is read as it
 * is); false, having written nothing, for any other, which the full parse reads.
 */
function readPlain(text: string, policies: Record<string, RateLimitPolicy>): boolean {
  if (!PLAIN.test(text)) return false;
  for (let at = text.indexOf('"'); at >= 0; at = text.indexOf('"', at)) {
    const end = text.indexOf('"', at + 1);
    const name = text.slice(at + 1, end);
    const policy = name === '__proto__' ? undefined : entry(policies, name);
    let remaining = -1;
    let reset = -1;
    for (at = end + 1; text[at] === ';'; ) {
      const key = text[at + 1];
      let value = 0;
      for (at += 3; ; at += 1) {
        const digit = text.charCodeAt(at) - 48; // NaN past the end
        if (!(digit >= 0 && digit <= 9)) break;
        value = value * 10 + digit;
      }
      if (key === 'r') remaining = value;
      else reset = value;
    }
    // Set after the parameters, as the full parse does: the fields keep its order, and a repeated key its last value.
    if (policy && remaining >= 0) policy.remaining = remaining;
    if (policy && reset >= 0) policy.resetSeconds = reset;
  }
  return true;
}

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
  if (stateText !== null && !readPlain(stateText, policies)) {
    for (const member of listOf(stateText) ?? []) {
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

/**
 * Parses the `RateLimit-Policy` and `RateLimit` headers (structured-field lists) into one
 * {@link RateLimitState}, joined by policy name. A missing or malformed header contributes nothing.
 *
 * Runs once per response, so it builds the result directly: no intermediate pairs or field objects.
 * `RateLimit-Policy` is the same on every response and is parsed once (a one-entry memo keyed by its text).
 * `RateLimit`'s `r` and `t` change on almost every response from a real server, so it is read straight into the
 * result when it has the form servers send (String names, parameters `r` then `t`, integers): one pattern check, then
 * no list, map or parameter is made for it. Anything else takes the full structured-field parse. Both reads give
 * the same result (test/unit/rate-limit.test.ts compares them).
 */
import { RATELIMIT, RATELIMIT_POLICY } from '../constants.js';
import type { RateLimitPolicy, RateLimitState } from '../types.js';
import { parseList } from './structured-list.js';

/** The policy named `name` in `policies`, added when missing; none for `__proto__`, which names no policy. */
function entry(policies: Record<string, RateLimitPolicy>, name: string): RateLimitPolicy | undefined {
  if (name === '__proto__') return undefined;
  if (!Object.hasOwn(policies, name)) policies[name] = { name };
  return policies[name];
}

/** The policy fields `RateLimit-Policy` declares, by parameter, in the order they are set (a `for...in` keeps it). */
const DECLARED = { q: 'quota', w: 'window', qu: 'unit' } as const;
/** The policy fields `RateLimit` reports, by parameter. */
const REPORTED = { r: 'remaining', t: 'resetSeconds' } as const;

/**
 * Reads a structured-field list header into `policies`: each member that names a policy (a String or Token item)
 * sets the `fields` its parameters give; later mentions of a name override earlier ones. A missing or malformed
 * header, an inner list and a parameter of the wrong type give nothing.
 */
function readList(
  text: string | null,
  policies: Record<string, RateLimitPolicy>,
  fields: Readonly<Record<string, keyof RateLimitPolicy>>,
): void {
  for (const [name, params] of (text !== null && parseList(text)) || []) {
    const policy = typeof name === 'string' && (entry(policies, name) as Record<string, unknown> | undefined);
    if (!policy) continue; // no policy name: an inner list, a Number, `__proto__`
    for (const key in fields) {
      const value = params.get(key);
      // `qu` is a String or Token; the others are Numbers (finite: the parser takes at most 15 digits). `t` is a
      // non-negative integer in the RateLimit fields draft: a negative one is no "reset now"
      // (test/unit/rate-limit-errors.test.ts), it is no reset time at all.
      if (key === 'qu' ? typeof value === 'string' : typeof value === 'number' && (key !== 't' || value >= 0)) {
        policy[fields[key] as string] = value;
      }
    }
  }
}

/** The last `RateLimit-Policy` text parsed and what it declared. */
let lastPolicyText: string | null = null;
let lastDeclared: Record<string, RateLimitPolicy> = {};
/**
 * A `RateLimit` of the form servers send: String names, then `r` and `t` at most once each and in that order, each an
 * integer (at most 15 digits, the structured-field limit), members parted by commas and optional spaces or tabs. The
 * full parse gives such a header the same members, and sets their fields in the same order.
 */
const PLAIN = /^ *(?:"[ !#-[\]-~]*"(?:;r=\d{1,15})?(?:;t=\d{1,15})?[ \t]*(?:,[ \t]*(?=")|$))*$/;

/**
 * Reads a {@link PLAIN} `RateLimit` into `policies` with no list, map or parameter made for it (a name is read as it
 * is, a number digit by digit); false, having written nothing, for any other, which the full parse reads.
 */
function readPlain(text: string, policies: Record<string, RateLimitPolicy>): boolean {
  if (!PLAIN.test(text)) return false;
  let policy: RateLimitPolicy | undefined;
  for (let at = 0; at < text.length; ) {
    const char = text[at];
    at += 1;
    if (char === '"') {
      // A name: skipped whole, so an `=` or a digit in it is never read as a parameter.
      const end = text.indexOf('"', at);
      const name = text.slice(at, end);
      policy = entry(policies, name);
      at = end + 1;
    } else if (char === '=') {
      const remaining = text[at - 2] === 'r'; // else `t`
      let value = 0;
      for (let digit = text.charCodeAt(at) - 48; digit >= 0 && digit <= 9; digit = text.charCodeAt(at) - 48) {
        value = value * 10 + digit;
        at += 1;
      }
      // Named stores: the policy objects keep one shape (a store by a computed key measured slower here).
      if (policy) {
        if (remaining) policy.remaining = value;
        else policy.resetSeconds = value;
      }
    }
  }
  return true;
}

/** Rate-limit state of one response: a new object every time, safe to keep or change. Never throws. */
export function parseRateLimit(headers: Headers): RateLimitState {
  const policyText = headers.get(RATELIMIT_POLICY);
  if (policyText !== lastPolicyText) {
    lastDeclared = {};
    readList(policyText, lastDeclared, DECLARED);
    lastPolicyText = policyText;
  }
  const policies: Record<string, RateLimitPolicy> = {};
  // Copies, never the memo's own objects (which hold only the fields their policy declares). Object.assign: a spread
  // of these measured several times slower.
  for (const name in lastDeclared) policies[name] = Object.assign({}, lastDeclared[name]);
  const stateText = headers.get(RATELIMIT);
  if (stateText !== null && !readPlain(stateText, policies)) readList(stateText, policies, REPORTED);
  return { policies };
}

/**
 * Parses the `RateLimit-Policy` and `RateLimit` headers (structured-field lists) into one
 * {@link RateLimitState}, joined by policy name. A missing or malformed header contributes nothing.
 *
 * Runs once per response, so it builds the result directly: no intermediate pairs or field objects.
 * `RateLimit-Policy` is the same on every response and is parsed once (a one-entry memo keyed by its text).
 * `RateLimit`'s `r` and `t` change on almost every response from a real server, so it is read straight into the
 * result when it has the form servers send (each member a declared name, its parameters `r` and `t` integers):
 * no list, map or substring is made for it. Anything else takes the full structured-field parse (its memo helps a
 * server whose state stays put; parsed members are never modified, so the memo can share them). Both reads give
 * the same result (test/unit/rate-limit.test.ts compares them).
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
/** How `RateLimit` may spell each declared name (`"name"`, and `name` when it is a Token), and the name it spells. */
let spellings: string[] = [];
let spelled: string[] = [];
const WHOLE_TOKEN = /^[A-Za-z*][:/!#$%&'*+\-.^_`|~A-Za-z0-9]*$/;
/** The last `RateLimit` text parsed and its members: a server whose state does not move pays one parse. */
let lastStateText: string | null = null;
let lastState: ListMember[] | undefined;

/** Copies of the declared policies, never the memo's own objects (which hold only the fields their policy declares). */
function declaredCopies(): Record<string, RateLimitPolicy> {
  const policies: Record<string, RateLimitPolicy> = {};
  for (const name in lastDeclared) policies[name] = Object.assign({}, lastDeclared[name]);
  return policies;
}

/** Skips spaces, and tabs too when `tabs`, from `at`; returns the position after them. */
function skip(text: string, at: number, tabs: boolean): number {
  while (text[at] === ' ' || (tabs && text[at] === '\t')) at += 1;
  return at;
}

/**
 * Reads `RateLimit` into `policies` when it is a List whose members each spell a declared name and carry only `r`
 * and `t` parameters with integer values (at most 15 digits, the structured-field limit); false, at the first thing
 * outside that form, for the full parse to read it instead (whatever was written by then is dropped).
 */
function readState(text: string, policies: Record<string, RateLimitPolicy>): boolean {
  let at = skip(text, 0, false);
  while (at < text.length) {
    let index = 0;
    // A spelling matches when the name ends where it does (parameters, spaces, the next member or the end).
    while (index < spellings.length) {
      const spelling = spellings[index] as string;
      if (text.startsWith(spelling, at) && ';, \t'.includes(text[at + spelling.length] ?? ',')) break;
      index += 1;
    }
    if (index === spellings.length) return false;
    at += (spellings[index] as string).length;
    let remaining = -1;
    let reset = -1;
    while (text[at] === ';') {
      at = skip(text, at + 1, false);
      const key = text[at];
      if ((key !== 'r' && key !== 't') || text[at + 1] !== '=') return false;
      at += 2;
      const start = at;
      let value = 0;
      for (let digit = text.charCodeAt(at) - 48; digit >= 0 && digit <= 9; digit = text.charCodeAt(at) - 48) {
        value = value * 10 + digit;
        at += 1;
      }
      if (at === start || at - start > 15) return false;
      if (key === 'r') remaining = value;
      else reset = value;
    }
    // Set after the parameters, as the full parse does: the fields keep its order, and a repeated key its last value.
    const policy = policies[spelled[index] as string] as RateLimitPolicy;
    if (remaining >= 0) policy.remaining = remaining;
    if (reset >= 0) policy.resetSeconds = reset;
    at = skip(text, at, true);
    if (at === text.length) return true;
    if (text[at] !== ',') return false;
    at = skip(text, at + 1, true);
    if (at === text.length) return false;
  }
  return true;
}

/** Rate-limit state of one response: a new object every time, safe to keep or change. Never throws. */
export function parseRateLimit(headers: Headers): RateLimitState {
  const policyText = headers.get(RATELIMIT_POLICY);
  if (policyText !== lastPolicyText) {
    lastDeclared = declaredPolicies(policyText);
    lastPolicyText = policyText;
    spellings = [];
    spelled = [];
    for (const name in lastDeclared) {
      // A name with a quote or backslash is spelt with escapes: left to the full parse.
      if (!/["\\]/.test(name)) {
        spellings.push(`"${name}"`);
        spelled.push(name);
      }
      if (WHOLE_TOKEN.test(name)) {
        spellings.push(name);
        spelled.push(name);
      }
    }
  }
  let policies = declaredCopies();
  const stateText = headers.get(RATELIMIT);
  if (stateText === null || readState(stateText, policies)) return { policies };
  policies = declaredCopies();
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

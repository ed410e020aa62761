/**
 * Parses the `RateLimit-Policy` and `RateLimit` headers (structured-field lists) into one
 * {@link RateLimitState}, joined by policy name. A missing or malformed header contributes nothing.
 *
 * Runs once per response, so it builds the result directly: no intermediate pairs, field objects or spreads.
 * `RateLimit-Policy` is the same on every response and is parsed once (a one-entry memo keyed by its text).
 * `RateLimit`'s `r` and `t` change on almost every response from a real server: its plain shape (names, then
 * integer parameters) is read by one scan of character codes ({@link scanPlain}), and anything else goes to
 * the full structured-field parser; a unit test holds the two to the same results
 * (test/unit/rate-limit.test.ts, "reads every header the full parser reads, alike").
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

/** The header as a structured-field list, or undefined when it is absent, blank or malformed. */
function listOf(value: string | null): ListMember[] | undefined {
  if (value === null || value.trim() === '') return undefined;
  return parseList(value);
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

/** A copy of one policy with only the fields it has (never handing out the memo's own objects). */
function copyOf(policy: RateLimitPolicy): RateLimitPolicy {
  const copy: RateLimitPolicy = { name: policy.name };
  if (policy.quota !== undefined) copy.quota = policy.quota;
  if (policy.window !== undefined) copy.window = policy.window;
  if (policy.unit !== undefined) copy.unit = policy.unit;
  return copy;
}

/** The last `RateLimit-Policy` text parsed and what it declared. */
let lastPolicyText: string | null = null;
let lastDeclared: Record<string, RateLimitPolicy> = {};

/**
 * The members of the last `RateLimit` text read, one column per field (kept until the text changes, so a
 * server whose state does not move pays one read): the policy name, its `r` and its `t` (undefined when
 * absent or not a number).
 */
let lastStateText: string | null = null;
let memberCount = 0;
const memberNames: string[] = [];
const memberRemaining: (number | undefined)[] = [];
const memberReset: (number | undefined)[] = [];

/** Letters, digits, `_`, `-` and `.`: the characters of a plain policy name. */
function isNameChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 45 ||
    code === 46
  );
}

/** Lower-case letters, digits, `_`, `-` and `.`: the characters of a plain parameter key after its first. */
function isKeyChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 || code === 45 || code === 46;
}

/** The name between `start` and `end`: the previous one at this place when it is the same text (no new string). */
function nameAt(text: string, start: number, end: number, index: number): string {
  const previous = memberNames[index];
  return previous !== undefined && previous.length === end - start && text.startsWith(previous, start)
    ? previous
    : text.slice(start, end);
}

/**
 * Reads a `RateLimit` value of the plain shape the platform sends (`"name";r=1;t=2, name;r=3`: names as Strings
 * or Tokens of letters, digits, `_`, `-` and `.`; parameters with lower-case keys and integer values) into the
 * member columns; returns the member count, or -1 for anything else (the full parser decides then). Within that
 * shape it accepts and rejects what the full parser does, with the same values.
 */
function scanPlain(text: string): number {
  const length = text.length;
  let i = 0;
  let count = 0;
  for (;;) {
    let code = text.charCodeAt(i);
    let start = i;
    let name: string;
    if (code === 34) {
      start = ++i;
      while (isNameChar(text.charCodeAt(i))) i += 1;
      if (text.charCodeAt(i) !== 34) return -1;
      name = nameAt(text, start, i, count);
      i += 1;
    } else if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) {
      i += 1;
      while (isNameChar(text.charCodeAt(i))) i += 1;
      name = nameAt(text, start, i, count);
    } else {
      return -1;
    }
    let remaining: number | undefined;
    let reset: number | undefined;
    while (text.charCodeAt(i) === 59) {
      i += 1;
      while (text.charCodeAt(i) === 32) i += 1;
      start = i;
      code = text.charCodeAt(i);
      if (code < 97 || code > 122) return -1;
      i += 1;
      while (isKeyChar(text.charCodeAt(i))) i += 1;
      const key = i - start === 1 ? code : 0; // `r` or `t`; any other key is read and ignored
      if (text.charCodeAt(i) !== 61) return -1;
      i += 1;
      const negative = text.charCodeAt(i) === 45;
      if (negative) i += 1;
      start = i;
      let value = 0;
      for (code = text.charCodeAt(i); code >= 48 && code <= 57; code = text.charCodeAt(++i)) {
        value = value * 10 + (code - 48);
      }
      if (i === start || i - start > 15 || code === 46) return -1; // no digits, too many, or a decimal
      if (negative) value = -value;
      if (key === 114) remaining = value;
      else if (key === 116) reset = value;
    }
    for (code = text.charCodeAt(i); code === 32 || code === 9; code = text.charCodeAt(++i));
    memberNames[count] = name;
    memberRemaining[count] = remaining;
    memberReset[count] = reset;
    count += 1;
    if (i >= length) return count;
    if (code !== 44) return -1;
    i += 1;
    for (code = text.charCodeAt(i); code === 32 || code === 9; code = text.charCodeAt(++i));
    if (i >= length) return -1;
  }
}

/** Reads a `RateLimit` value into the member columns: the plain scan, else the full parser. */
function readState(text: string | null): void {
  if (text === null) {
    memberCount = 0;
    return;
  }
  const scanned = scanPlain(text);
  if (scanned >= 0) {
    memberCount = scanned;
    return;
  }
  const members = listOf(text) ?? [];
  memberCount = members.length;
  members.forEach(([item, params], index) => {
    memberNames[index] = textOf(item) ?? '__proto__'; // a member that names no policy is skipped below
    memberRemaining[index] = numberOf(params.get('r'));
    memberReset[index] = numberOf(params.get('t'));
  });
}

/** Rate-limit state of one response: a new object every time, safe to keep or change. Never throws. */
export function parseRateLimit(headers: Headers): RateLimitState {
  const policyText = headers.get(RATELIMIT_POLICY);
  if (policyText !== lastPolicyText) {
    lastDeclared = declaredPolicies(policyText);
    lastPolicyText = policyText;
  }
  const policies: Record<string, RateLimitPolicy> = {};
  for (const name in lastDeclared) policies[name] = copyOf(lastDeclared[name] as RateLimitPolicy);
  const stateText = headers.get(RATELIMIT);
  if (stateText !== lastStateText) {
    readState(stateText);
    lastStateText = stateText;
  }
  for (let index = 0; index < memberCount; index += 1) {
    const name = memberNames[index] as string;
    if (name === '__proto__') continue;
    const remaining = memberRemaining[index];
    // `t` is a non-negative integer in the RateLimit fields draft: a negative one is no "reset now"
    // (test/unit/rate-limit-errors.test.ts), it is no reset time at all.
    const t = memberReset[index];
    const policy = entry(policies, name);
    if (remaining !== undefined) policy.remaining = remaining;
    if (t !== undefined && t >= 0) policy.resetSeconds = t;
  }
  return { policies };
}

/**
 * A Structured Field List parser (RFC 9651) reduced to what the rate-limit headers need, small enough
 * for a browser bundle: it accepts and rejects exactly what the `structured-headers` package does on
 * any text a header can carry (a differential property test holds it to that), but keeps only the
 * values a policy can use: numbers, and Strings and Tokens as text. Every other bare item (Boolean,
 * Byte Sequence, Date, Display String) and every inner list is checked, not decoded, and reported as `null`.
 */

/** A bare item as the rate-limit parser sees it: a number, the text of a String or Token, or `null` for anything else. */
export type ListValue = number | string | null;

/** One list member: its item (`null` for an inner list) and its parameters (a parameter without a value is `null`). */
export type ListMember = [item: ListValue, params: Map<string, ListValue>];

// Every bare item, one sticky pattern (each kind starts with its own characters), with the RFC's limits built in:
// a Number (at most 15 integer digits, or 12 and a fraction of 1 to 3: a longer one matches only its valid start,
// and the digit or `.` left after that can continue no list, so the parse fails there), a String, a Token, then the
// kinds a policy has no use for: a Boolean, a Date (it must end the input: the reference parser reads digits to the
// end and rejects anything after them), a Byte Sequence, a Display String (printable ASCII but `"` and `%`, and
// lower-case %-escapes; a header carries no other character). test/unit/structured-list.test.ts holds it to the reference.
const ITEM =
  /-?(?:\d{1,12}\.\d{1,3}|\d{1,15})|"(?:[ !#-[\]-~]|\\["\\])*"|[A-Za-z*][:/!#$%&'*+\-.^_`|~A-Za-z0-9]*|\?[01]|@-?\d{1,15}$|:[A-Za-z0-9+/=]*:|%"(?:[ !#$&-~]|%[0-9a-f]{2})*"/y;
const KEY = /[a-z*][a-z0-9_\-.*]*/y;

// The parser's state: the header being parsed and the position in it. Module-level, so a parse
// allocates no closures (it runs once per response); parsing never re-enters.
let input = '';
let pos = 0;

/** Stops the parse: `parseList` catches it and answers undefined, so it needs no message. */
function fail(): never {
  throw new SyntaxError();
}

/**
 * The text `pattern` matches at the current position, consumed; fails when it does not match. Tested and sliced
 * rather than exec'd: no match array per item (the delimiters a caller does not want are sliced off).
 */
function take(pattern: RegExp, trim: number): string {
  const start = pos;
  pattern.lastIndex = pos;
  if (!pattern.test(input)) fail();
  pos = pattern.lastIndex;
  return input.slice(start + trim, pos - trim);
}

/** Skips spaces, and tabs too when `tabs` (OWS between list members). */
function skip(tabs: boolean): void {
  while (input[pos] === ' ' || (tabs && input[pos] === '\t')) pos += 1;
}

function bareItem(): ListValue {
  const char = input[pos] as string; // undefined at the end, where ITEM fails
  // A String, Byte Sequence or Display String without its delimiters (a Display String keeps its `"`).
  const text = take(ITEM, +(char === '"' || char === ':' || char === '%'));
  if (char === '"') return text.includes('\\') ? text.replace(/\\(.)/g, '$1') : text;
  // Checked as the reference decodes them: what atob accepts, %-escapes that make UTF-8 (the leading `"` passes).
  if (char === ':') atob(text);
  else if (char === '%') decodeURIComponent(text);
  else if (char !== '?' && char !== '@') return char === '*' || char > '9' ? text : Number(text);
  return null;
}

function params(): Map<string, ListValue> {
  const map = new Map<string, ListValue>();
  while (input[pos] === ';') {
    pos += 1;
    skip(false);
    const key = take(KEY, 0);
    let value: ListValue = null;
    if (input[pos] === '=') {
      pos += 1;
      value = bareItem();
    }
    map.set(key, value);
  }
  return map;
}

/** A member; an inner list's items and parameters are checked, then dropped. */
function member(): ListMember {
  if (input[pos] !== '(') return [bareItem(), params()];
  pos += 1;
  for (;;) {
    skip(false);
    if (input[pos] === ')') break;
    bareItem(); // fails at the end of the input
    params();
    if (input[pos] !== ' ' && input[pos] !== ')') fail();
  }
  pos += 1;
  params();
  return [null, new Map()];
}

/** The members of a List header value, or undefined when the value is not a valid List. */
export function parseList(text: string): ListMember[] | undefined {
  input = text;
  pos = 0;
  try {
    skip(false);
    const members: ListMember[] = [];
    if (pos < input.length) {
      for (;;) {
        members.push(member());
        skip(true);
        if (pos >= input.length) break;
        if (input[pos] !== ',') fail();
        pos += 1;
        skip(true); // a member must follow: member() fails at the end of the input
      }
    }
    return members;
  } catch {
    // Not a List: our own marker, atob's or decodeURIComponent's rejection.
    return undefined;
  } finally {
    input = '';
  }
}

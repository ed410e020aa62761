/**
 * A Structured Field List parser (RFC 9651) reduced to what the rate-limit headers need, small enough
 * for a browser bundle: it accepts and rejects exactly what the `structured-headers` package does (a
 * differential property test holds it to that), but keeps only the values a policy can use: numbers,
 * and Strings and Tokens as text. Every other bare item (Boolean, Byte Sequence, Date, Display
 * String) and every inner list is validated and then reported as `null`.
 */

/** A bare item as the rate-limit parser sees it: a number, the text of a String or Token, or `null` for anything else. */
export type ListValue = number | string | null;

/** One list member: its item (`null` for an inner list) and its parameters (a parameter without a value is `null`). */
export type ListMember = [item: ListValue, params: Map<string, ListValue>];

const DIGIT = /[0-9]/;
const TOKEN_START = /[A-Za-z*]/;
const TOKEN_CHAR = /[:/!#$%&'*+\-.^_`|~A-Za-z0-9]/;
const KEY_START = /[a-z*]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const BASE64 = /^[A-Za-z0-9+/=]*$/;
const HEX2 = /^[0-9a-f]{2}$/;

/** Thrown inside the parser for input that is not a valid list; never escapes {@link parseList}. */
const INVALID = new Error('invalid structured field');

/** The members of a List header value, or undefined when the value is not a valid List. */
export function parseList(input: string): ListMember[] | undefined {
  let pos = 0;
  const fail = (): never => {
    throw INVALID;
  };
  const skipSP = (): void => {
    while (input[pos] === ' ') pos += 1;
  };

  const number = (): number => {
    let sign = 1;
    let digits = '';
    let decimal = false;
    if (input[pos] === '-') {
      sign = -1;
      pos += 1;
    }
    if (!DIGIT.test(input[pos] ?? '')) fail();
    while (pos < input.length) {
      const char = input[pos++] as string;
      if (DIGIT.test(char)) digits += char;
      else if (!decimal && char === '.') {
        if (digits.length > 12) fail();
        digits += '.';
        decimal = true;
      } else {
        pos -= 1;
        break;
      }
      if (digits.length > (decimal ? 16 : 15)) fail();
    }
    if (!decimal) return Number.parseInt(digits, 10) * sign;
    if (digits.endsWith('.') || (digits.split('.')[1] as string).length > 3) fail();
    return Number.parseFloat(digits) * sign;
  };

  const string = (): string => {
    let out = '';
    pos += 1;
    while (pos < input.length) {
      const char = input[pos++] as string;
      if (char === '\\') {
        const next = input[pos++];
        if (next !== '\\' && next !== '"') fail();
        out += next;
      } else if (char === '"') return out;
      else if (char < ' ' || char > '~') fail();
      else out += char;
    }
    return fail();
  };

  const byteSequence = (): null => {
    const end = input.indexOf(':', pos + 1);
    if (end === -1) fail();
    const content = input.slice(pos + 1, end);
    pos = end + 1;
    if (!BASE64.test(content)) fail();
    try {
      atob(content);
    } catch {
      fail();
    }
    return null;
  };

  const date = (): null => {
    pos += 1;
    if (input[pos] === '-') pos += 1;
    if (!DIGIT.test(input[pos] ?? '')) fail();
    const start = pos;
    while (pos < input.length) if (!DIGIT.test(input[pos++] as string)) fail();
    if (pos - start > 15) fail();
    return null;
  };

  const displayString = (): null => {
    if (input[pos + 1] !== '"') fail();
    pos += 2;
    const bytes: number[] = [];
    while (pos < input.length) {
      const code = input.charCodeAt(pos++);
      if (code <= 0x1f || (code >= 0x7f && code <= 0xff)) fail();
      if (code === 0x25) {
        const hex = input.slice(pos, pos + 2);
        pos += 2;
        if (!HEX2.test(hex)) fail();
        bytes.push(Number.parseInt(hex, 16));
      } else if (code === 0x22) {
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
        } catch {
          fail();
        }
        return null;
      } else bytes.push(code);
    }
    return fail();
  };

  const bareItem = (): ListValue => {
    const char = input[pos];
    if (char === undefined) return fail();
    if (char === '-' || DIGIT.test(char)) return number();
    if (char === '"') return string();
    if (TOKEN_START.test(char)) {
      const start = pos;
      while (pos < input.length && TOKEN_CHAR.test(input[pos] as string)) pos += 1;
      return input.slice(start, pos);
    }
    if (char === ':') return byteSequence();
    if (char === '?') {
      const value = input[pos + 1];
      pos += 2;
      if (value !== '1' && value !== '0') fail();
      return null;
    }
    if (char === '@') return date();
    if (char === '%') return displayString();
    return fail();
  };

  const params = (): Map<string, ListValue> => {
    const map = new Map<string, ListValue>();
    while (input[pos] === ';') {
      pos += 1;
      skipSP();
      if (!KEY_START.test(input[pos] ?? '')) fail();
      const start = pos;
      while (pos < input.length && KEY_CHAR.test(input[pos] as string)) pos += 1;
      const key = input.slice(start, pos);
      let value: ListValue = null;
      if (input[pos] === '=') {
        pos += 1;
        value = bareItem();
      }
      map.set(key, value);
    }
    return map;
  };

  const member = (): ListMember => {
    if (input[pos] !== '(') return [bareItem(), params()];
    pos += 1;
    while (pos < input.length) {
      skipSP();
      if (input[pos] === ')') {
        pos += 1;
        params();
        return [null, new Map()];
      }
      bareItem();
      params();
      if (input[pos] !== ' ' && input[pos] !== ')') fail();
    }
    return fail();
  };

  try {
    skipSP();
    const members: ListMember[] = [];
    while (pos < input.length) {
      members.push(member());
      while (input[pos] === ' ' || input[pos] === '\t') pos += 1;
      if (pos >= input.length) return members;
      if (input[pos] !== ',') fail();
      pos += 1;
      while (input[pos] === ' ' || input[pos] === '\t') pos += 1;
      if (pos >= input.length) fail();
    }
    return members;
  } catch (error) {
    if (error === INVALID) return undefined;
    throw error;
  }
}

/**
 * The client's own Structured Field List parser against the `structured-headers` package it replaced
 * in the request path: on any text a header can carry (Latin-1) both accept the same lists and give the
 * same numbers and texts, and both reject the same malformed ones.
 */
import fc from 'fast-check';
import { parseList as referenceParseList, Token } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { type ListMember, type ListValue, parseList } from '../../src/client/rate-limit/structured-list.js';

/** What the reference gives, seen the way the client keeps it. */
function seen(item: unknown): ListValue {
  if (typeof item === 'number' || typeof item === 'string') return item;
  if (item instanceof Token) return item.toString();
  return null;
}

function reference(input: string): ListMember[] | undefined {
  let list: ReturnType<typeof referenceParseList>;
  try {
    list = referenceParseList(input);
  } catch {
    return undefined;
  }
  return list.map(([item, params]): ListMember => {
    if (Array.isArray(item)) return [null, new Map()];
    return [seen(item), new Map([...params].map(([key, value]) => [key, seen(value)]))];
  });
}

const FRAGMENTS = [
  'minuteRate',
  'concurrency',
  'a',
  'Z',
  '*',
  'q',
  ';q=100',
  ';w=60',
  ';r=',
  ';t=',
  ';qu="concurrent-requests"',
  ';',
  '=',
  '1',
  '0',
  '9',
  '-',
  '.',
  '5',
  '0.5',
  '1234567890123',
  '1234567890123456',
  '12.3456',
  '"x"',
  '"',
  '\\',
  '\\"',
  ', ',
  ',',
  ' ',
  '\t',
  '(',
  ')',
  '(a b)',
  ':aGk=:',
  ':a:',
  ':',
  '?1',
  '?0',
  '?',
  '?2',
  '@123',
  '@-1',
  '@',
  '%"',
  '%"a%c3%a9"',
  '%"%ff"',
  '%',
  '%2',
  'é',
  '\u0001',
  '~',
  '/',
  ':x/y',
  '_',
  'A.b',
  "'",
];
const listText = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 }).map((parts) => parts.join(''));
const ITEMS = [
  'minuteRate',
  '"minuteRate"',
  'a*b',
  '42',
  '-1.5',
  '?1',
  ':aGk=:',
  '@1700000000',
  '%"x"',
  '(a "b" 1)',
  '()',
];
const PARAMS = [
  ';r=97',
  ';t=42',
  ';q=100;w=60',
  ';qu="content-bytes"',
  ';qu=tok',
  ';x',
  '; r=1',
  ';r=1.2345',
  ';R=1',
  '',
];
const member = fc
  .tuple(fc.constantFrom(...ITEMS), fc.array(fc.constantFrom(...PARAMS), { maxLength: 3 }))
  .map(([item, params]) => item + params.join(''));
const memberList = fc
  .tuple(fc.array(member, { minLength: 1, maxLength: 4 }), fc.constantFrom(', ', ',', ' ,', ',\t', ' , '))
  .map(([members, separator]) => members.join(separator));

describe('parseList', () => {
  it('accepts and rejects what structured-headers does, with the same values', () => {
    fc.assert(
      fc.property(listText, (input) => {
        expect(parseList(input)).toEqual(reference(input));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on lists of several members, valid or nearly so', () => {
    fc.assert(
      fc.property(memberList, (input) => {
        expect(parseList(input)).toEqual(reference(input));
      }),
      { numRuns: 10_000 },
    );
  });

  it('agrees on arbitrary text too', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        expect(parseList(input)).toEqual(reference(input));
      }),
      { numRuns: 5_000 },
    );
  });

  it('agrees on Display Strings of any escaped bytes and Byte Sequences of any base64 text (checked, not kept)', () => {
    const escaped = fc
      .array(fc.integer({ min: 0, max: 255 }), { maxLength: 6 })
      .map((bytes) => `%"${bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')}"`);
    const base64 = fc
      .array(fc.constantFrom('a', 'Z', '0', '+', '/', '='), { maxLength: 9 })
      .map((chars) => `:${chars.join('')}:`);
    fc.assert(
      fc.property(fc.oneof(escaped, base64), (item) => {
        const input = `a;q=1;x=${item}, b`;
        expect(parseList(input)).toEqual(reference(input));
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads the rate-limit headers the platform sends', () => {
    expect(parseList('minuteRate;r=97;t=42, concurrency;r=3')).toEqual([
      [
        'minuteRate',
        new Map([
          ['r', 97],
          ['t', 42],
        ]),
      ],
      ['concurrency', new Map([['r', 3]])],
    ]);
    expect(parseList('minuteRate;q=100;w=60, concurrency;q=4;qu="concurrent-requests"')).toEqual([
      [
        'minuteRate',
        new Map([
          ['q', 100],
          ['w', 60],
        ]),
      ],
      [
        'concurrency',
        new Map<string, ListValue>([
          ['q', 4],
          ['qu', 'concurrent-requests'],
        ]),
      ],
    ]);
    expect(parseList('a;q=1,')).toBeUndefined();
  });
});

/**
 * The one redactor: a secret is hidden in every form a server may echo it in, including JSON-escaped (`\/`) and
 * lower-case percent-encoded forms of a token holding `/` or `+`. A list of whole forms (all upper-case escapes, all
 * lower-case) missed a server whose encoder escapes only some characters, or in mixed case (`%2F%2b`, `=` kept):
 * the property below escapes each character at random.
 */
import fc from 'fast-check';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../../src/client/errors/redact.js';
import { HttpError, PlatformClient, PlatformConfigError, redactClientSecrets } from '../../src/index.js';
import { installApi, makeClient, useMockApi } from './client-fixtures.js';

useMockApi();

const TOKEN = 'eyJhbGciOi/JIUzI1+NiJ9.a/b+c==';

describe('createRedactor', () => {
  const redact = createRedactor(TOKEN);
  it.each([
    ['as written', TOKEN],
    ['URL-encoded', encodeURIComponent(TOKEN)],
    ['URL-encoded, lower-case hex', encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())],
    ['form-encoded', new URLSearchParams({ t: TOKEN }).toString().slice(2)],
    [
      'form-encoded, lower-case hex',
      new URLSearchParams({ t: TOKEN })
        .toString()
        .slice(2)
        .replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
    ],
    ['JSON-escaped with \\/', TOKEN.replaceAll('/', '\\/')],
  ])('hides the token %s', (_form, echoed) => {
    const text = `{"message":"bad token ${echoed} given"}`;
    const out = redact(text);
    expect(out).toBe(`{"message":"bad token ${REDACTED} given"}`);
  });

  it('hides a token holding a quote or backslash as a JSON string holds it', () => {
    const odd = 'a"b\\c/d';
    const json = JSON.stringify({ echo: odd });
    expect(createRedactor(odd)(json)).toBe(`{"echo":"${REDACTED}"}`);
    expect(createRedactor(odd)(json.replaceAll('/', '\\/'))).toBe(`{"echo":"${REDACTED}"}`);
  });

  it('leaves text without the secret alone, and ignores an empty secret', () => {
    expect(redact('nothing here %2f \\/')).toBe('nothing here %2f \\/');
    expect(createRedactor('')('abc')).toBe('abc');
  });
});

/** The percent-escapes of a character's UTF-8 bytes, each hex letter in the case `upper` picks. */
function percentOf(char: string, upper: (index: number) => boolean): string {
  return [...new TextEncoder().encode(char)]
    .map((byte, index) => {
      const hex = byte.toString(16).padStart(2, '0');
      return `%${upper(index) ? hex.toUpperCase() : hex}`;
    })
    .join('');
}

/** Characters a URL encoder escapes, and some it may or may not (servers differ: `=`, `~`, `!`, `*`, `'`). */
const RESERVED_CHARS = ['/', '+', '=', '%', '&', '?', '#', ' ', '~', '!', '*', "'", '(', ')', ':', '@', 'é', '€'];

describe('createRedactor over random tokens and random escapes', () => {
  const tokenChar = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...'abcXYZ0189-_.'.split('')) },
    { weight: 2, arbitrary: fc.constantFrom(...RESERVED_CHARS) },
  );
  const token = fc.array(tokenChar, { minLength: 8, maxLength: 40 }).map((chars) => chars.join(''));

  it('hides a token however a server escapes each of its characters, in whatever case', () => {
    fc.assert(
      fc.property(
        token,
        fc.array(fc.nat(5), { minLength: 40, maxLength: 40 }),
        fc.array(fc.boolean(), { minLength: 120, maxLength: 120 }),
        (secret, choices, cases) => {
          let caseAt = 0;
          const upper = () => cases[caseAt++ % cases.length] as boolean;
          // Each reserved character: as written, percent-escaped in either case (byte by byte), or a space as `+`;
          // each other character as written (an encoder that escapes it is percent-escaping it the same way).
          const echoed = [...secret]
            .map((char, index) => {
              const choice = choices[index % choices.length] as number;
              if (!RESERVED_CHARS.includes(char) || choice === 0) return char;
              if (char === ' ' && choice === 1) return '+';
              if (char === '/' && choice === 2) return '\\/';
              return percentOf(char, upper);
            })
            .join('');
          const out = createRedactor(secret)(`{"error":"bad token: ${echoed}, try again"}`);
          expect(out).toBe(`{"error":"bad token: ${REDACTED}, try again"}`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('hides every secret of several, and a secret escaped as JSON \\u escapes', () => {
    const redact = createRedactor(['first/secret', 'second+secret']);
    expect(redact('a first%2fsecret b second%2Bsecret c first\\u002Fsecret')).toBe(
      `a ${REDACTED} b ${REDACTED} c ${REDACTED}`,
    );
  });
});

describe("a server's echo of the token in an HttpError", () => {
  it('is hidden from bodyExcerpt, toString, JSON and inspect, escaped in mixed case', async () => {
    const secret = 'tok/UNIT+TEST=SECRET~0123456789';
    const mixed = 'tok%2fUNIT%2BTEST%3dSECRET~0123456789';
    installApi(() => HttpResponse.json({ error: `invalid token ${mixed}` }, { status: 500 }));
    const client = makeClient({ token: secret, retry: { maxAttempts: 1 } });
    const error = await client.request('query Me { me { id } }').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    const { inspect } = await import('node:util');
    for (const shown of [
      (error as HttpError).bodyExcerpt ?? '',
      String(error),
      JSON.stringify(error),
      inspect(error),
    ]) {
      expect(shown).not.toContain(mixed);
      expect(shown.toLowerCase()).not.toContain('tok%2funit');
    }
    expect((error as HttpError).bodyExcerpt).toContain(REDACTED);
  });
});

describe('redactClientSecrets', () => {
  it("hides the client's own token, in the forms a server echoes it in, and refuses what is not a client", () => {
    const client = new PlatformClient({ token: TOKEN, baseUrl: 'https://api.example.com' });
    const echoed = `said ${TOKEN} then ${encodeURIComponent(TOKEN)} then ${JSON.stringify(TOKEN).slice(1, -1)}`;
    const redacted = redactClientSecrets(client, echoed);
    expect(redacted).not.toContain(TOKEN);
    expect(redacted).not.toContain(encodeURIComponent(TOKEN));
    expect(redacted).toBe(createRedactor(TOKEN)(echoed));
    expect(() => redactClientSecrets({} as PlatformClient, echoed)).toThrow(PlatformConfigError);
  });
});

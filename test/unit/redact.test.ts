/**
 * The one redactor: a secret is hidden in every form a server may echo it in, including JSON-escaped (`\/`) and
 * lower-case percent-encoded forms of a token holding `/` or `+`.
 */
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../../src/client/errors/redact.js';

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

/** Reading `extensions.warnings` (src/client/errors/warnings.ts): kinds by code, what the server attached kept, junk skipped. */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/client/errors/redact.js';
import { MAX_KEPT_WARNINGS, NO_WARNINGS, warningsOf } from '../../src/client/errors/warnings.js';
import { installApi, makeClient, useMockApi } from './client-fixtures.js';

useMockApi();

const keep = createRedactor([]);

describe('warningsOf', () => {
  it('reads the platform shape and types each warning by its code', () => {
    const body = {
      data: {},
      extensions: {
        warnings: [
          {
            message: 'Replaced by Query.items_page_by_column_values',
            locations: [{ line: 2, column: 3 }],
            path: ['query', 'items_by_column_values'],
            extensions: { code: 'deprecatedField', typeName: 'Query', fieldName: 'items_by_column_values' },
          },
          { message: 'v', extensions: { code: 'deprecatedVersion', requested_version: '2024-10' } },
          { message: 'u', extensions: { code: 'unsupportedVersion' } },
          { message: 'a', extensions: { code: 'deprecatedArgument' } },
          { message: 'e', extensions: { code: 'deprecatedEnumValue' } },
          { message: 'n', extensions: { code: 'somethingNew', detail: 1 } },
          { message: 'no code' },
        ],
      },
    };
    const { warnings } = warningsOf(body, keep);
    expect(warnings[0]).toEqual({
      message: 'Replaced by Query.items_page_by_column_values',
      kind: 'deprecated-field',
      code: 'deprecatedField',
      locations: [{ line: 2, column: 3 }],
      path: ['query', 'items_by_column_values'],
      extensions: { code: 'deprecatedField', typeName: 'Query', fieldName: 'items_by_column_values' },
    });
    expect(warnings.map((warning) => warning.kind)).toEqual([
      'deprecated-field',
      'deprecated-version',
      'unknown-version',
      'deprecated-field',
      'deprecated-field',
      'other',
      'other',
    ]);
    expect(warnings[5]?.extensions).toEqual({ code: 'somethingNew', detail: 1 });
    expect(warnings[6]).toEqual({ message: 'no code', kind: 'other', extensions: {} });
  });

  it('skips entries without a message and tolerates any body', () => {
    expect(
      warningsOf({ extensions: { warnings: [null, 3, { code: 'x' }, { message: 'kept' }] } }, keep).warnings,
    ).toEqual([{ message: 'kept', kind: 'other', extensions: {} }]);
    for (const body of [null, 'text', {}, { extensions: null }, { extensions: { warnings: 'no' } }]) {
      expect(warningsOf(body, keep)).toEqual({ warnings: NO_WARNINGS, omitted: 0 });
    }
  });

  it('does not take a prototype key for a code', () => {
    expect(
      warningsOf({ extensions: { warnings: [{ message: 'm', extensions: { code: 'toString' } }] } }, keep).warnings[0]
        ?.kind,
    ).toBe('other');
  });

  it('redacts the token wherever a warning echoes it, since warnings reach results and the onWarning hook', () => {
    const token = 'tok-secret/abc+123';
    const body = {
      extensions: {
        warnings: [
          {
            message: `Token ${token} is near its limit`,
            path: ['query', token],
            extensions: { code: 'somethingNew', header: `Bearer ${encodeURIComponent(token)}` },
          },
        ],
      },
    };
    const [warning] = warningsOf(body, createRedactor(token)).warnings;
    expect(warning?.message).toBe('Token [REDACTED] is near its limit');
    expect(JSON.stringify(warning)).not.toContain('tok-secret');
    expect(JSON.stringify(warning)).not.toContain(encodeURIComponent(token));
  });
});

describe('warnings are capped as errors are', () => {
  const many = (count: number) => ({
    data: { me: null },
    extensions: { warnings: Array.from({ length: count }, (_, index) => ({ message: `w${index}` })) },
  });

  it('keeps the first MAX_KEPT_WARNINGS and counts the rest (junk entries are not counted)', () => {
    const body = many(MAX_KEPT_WARNINGS + 250);
    (body.extensions.warnings as unknown[]).push(null, { code: 'no message' });
    const { warnings, omitted } = warningsOf(body, keep);
    expect(warnings).toHaveLength(MAX_KEPT_WARNINGS);
    expect(warnings[0]?.message).toBe('w0');
    expect(warnings.at(-1)?.message).toBe(`w${MAX_KEPT_WARNINGS - 1}`);
    expect(omitted).toBe(250);
  });

  it('a client keeps at most the cap on the result, calls onWarning at most the cap, and says how many it dropped', async () => {
    const body = many(50_000);
    installApi(() => HttpResponse.json(body));
    let calls = 0;
    const client = makeClient({ hooks: { onWarning: () => void calls++ } });
    const result = await client.request('query Me { me { id } }');
    expect(result.warnings).toHaveLength(MAX_KEPT_WARNINGS);
    expect(result.omittedWarnings).toBe(50_000 - MAX_KEPT_WARNINGS);
    expect(calls).toBe(MAX_KEPT_WARNINGS);
  });

  it('a result within the cap omits nothing', async () => {
    installApi(() => HttpResponse.json(many(3)));
    const result = await makeClient().request('query Me { me { id } }');
    expect(result.warnings).toHaveLength(3);
    expect(result.omittedWarnings).toBe(0);
  });
});

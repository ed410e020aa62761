/** Reading `extensions.warnings` (src/client/errors/warnings.ts): kinds by code, what the server attached kept, junk skipped. */
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/client/errors/redact.js';
import { NO_WARNINGS, warningsOf } from '../../src/client/errors/warnings.js';

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
    const warnings = warningsOf(body, keep);
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
    expect(warningsOf({ extensions: { warnings: [null, 3, { code: 'x' }, { message: 'kept' }] } }, keep)).toEqual([
      { message: 'kept', kind: 'other', extensions: {} },
    ]);
    for (const body of [null, 'text', {}, { extensions: null }, { extensions: { warnings: 'no' } }]) {
      expect(warningsOf(body, keep)).toBe(NO_WARNINGS);
    }
  });

  it('does not take a prototype key for a code', () => {
    expect(
      warningsOf({ extensions: { warnings: [{ message: 'm', extensions: { code: 'toString' } }] } }, keep)[0]?.kind,
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
    const [warning] = warningsOf(body, createRedactor(token));
    expect(warning?.message).toBe('Token [REDACTED] is near its limit');
    expect(JSON.stringify(warning)).not.toContain('tok-secret');
    expect(JSON.stringify(warning)).not.toContain(encodeURIComponent(token));
  });
});

/** The form of `apiVersion` (src/api-version-format.ts): a year and a quarter month, else a PlatformConfigError. */
import { describe, expect, it } from 'vitest';
import { isApiVersion } from '../../src/api-version-format.js';
import { type ApiVersionName, PlatformClient, PlatformConfigError } from '../../src/index.js';

const base = { token: 'test-token', baseUrl: 'https://api.example.com' };

describe('apiVersion form', () => {
  it.each(['2024-11', '2026-1', 'latest', '2026-13', '2026-00', ' 2026-10'])(
    'refuses %j with a PlatformConfigError naming the form',
    (value) => {
      // A JavaScript caller (or a cast) reaches the run-time check the type would have caught.
      const apiVersion = value as ApiVersionName;
      expect(() => new PlatformClient({ ...base, apiVersion })).toThrow(PlatformConfigError);
      expect(() => new PlatformClient({ ...base, apiVersion })).toThrow(/quarter month \(01, 04, 07 or 10\)/);
    },
  );

  it('accepts every quarter month', () => {
    for (const month of ['01', '04', '07', '10'] as const) {
      expect(new PlatformClient({ ...base, apiVersion: `2027-${month}` }).apiVersion).toBe(`2027-${month}`);
    }
  });

  it('never echoes the token in the error', () => {
    expect(() => new PlatformClient({ ...base, apiVersion: '2024-11' as ApiVersionName })).not.toThrow(/test-token/);
  });

  it('is one predicate', () => {
    expect([isApiVersion('2026-10'), isApiVersion('2026-11'), isApiVersion(202610), isApiVersion(undefined)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});

/** The version calendar (packages/emulator/src/engine/versions.ts), table by table. */
import { describe, expect, it } from 'vitest';
import { currentVersion, isQuarterVersion, routedVersion, versionKind } from '../src/engine/index.js';

const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe('versionKind', () => {
  it.each([
    ['2026-10', '2026-06-30', undefined],
    ['2026-10', '2026-07-01', 'release_candidate'],
    ['2026-10', '2026-10-01', 'current'],
    ['2026-10', '2026-12-31', 'current'],
    ['2026-10', '2027-01-01', 'maintenance'],
    ['2026-10', '2027-04-01', 'old__maintenance'],
    ['2025-04', '2030-01-01', 'old__maintenance'],
    ['2025-01', '2026-02-14', 'old__maintenance'],
    ['2025-01', '2026-02-15', 'deprecated'],
    ['2024-07', '2025-01-15', 'deprecated'],
  ])('%s on %s is %s', (version, day, kind) => {
    expect(versionKind(version, at(day))).toBe(kind);
  });
});

describe('currentVersion', () => {
  it.each([
    ['2026-11-25', '2026-10'],
    ['2026-10-01', '2026-10'],
    ['2026-09-30', '2026-07'],
    ['2027-01-01', '2027-01'],
    ['2026-05-10', '2026-04'],
  ])('on %s is %s', (day, version) => {
    expect(currentVersion(at(day))).toBe(version);
  });
});

describe('routedVersion', () => {
  it('answers deprecated versions by their announced route, following the chain', () => {
    expect(routedVersion('2024-10', at('2026-02-15'))).toBe('2025-04');
    expect(routedVersion('2025-01', at('2026-11-25'))).toBe('2025-04');
    expect(routedVersion('2024-07', at('2025-06-01'))).toBe('2024-10');
    expect(routedVersion('2024-07', at('2026-03-01'))).toBe('2025-04');
  });

  it('routes nothing before its date, and no version without an announcement', () => {
    expect(routedVersion('2024-10', at('2026-02-14'))).toBeUndefined();
    expect(routedVersion('2025-04', at('2030-01-01'))).toBeUndefined();
    expect(routedVersion('2031-01', at('2026-11-25'))).toBeUndefined();
  });
});

describe('isQuarterVersion', () => {
  it('accepts only a year and a quarter month', () => {
    expect(['2026-10', '2027-01', '2026-11', '2026-1', 'latest'].map(isQuarterVersion)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

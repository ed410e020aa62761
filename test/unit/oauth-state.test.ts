import { describe, expect, it } from 'vitest';
import { constantTimeEqual, generateState } from '../../src/oauth/state.js';

describe('generateState', () => {
  it('gives 256 random bits as base64url', () => {
    const state = generateState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const decoded = atob(`${state.replace(/-/g, '+').replace(/_/g, '/')}=`);
    expect(decoded.length * 8).toBeGreaterThanOrEqual(128);
  });

  it('never repeats', () => {
    const states = new Set(Array.from({ length: 500 }, () => generateState()));
    expect(states.size).toBe(500);
  });
});

describe('constantTimeEqual', () => {
  it.each([
    ['abc', 'abc', true],
    ['', '', true],
    ['abc', 'abd', false],
    ['abc', 'ab', false],
    ['ab', 'abc', false],
    ['abc', '', false],
    ['é', 'e', false],
    ['é', 'é', true],
  ])('%j vs %j is %s', (a, b, equal) => {
    expect(constantTimeEqual(a, b)).toBe(equal);
  });
});

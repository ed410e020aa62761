/**
 * A secret field is read by name and never printed: not by `util.inspect` (even with `showHidden` and `getters`,
 * nested or not), not by `JSON.stringify`, not by spread.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withSecretField } from '../../src/secret-field.js';

const EVERYTHING = { depth: Number.POSITIVE_INFINITY, showHidden: true, getters: true };

describe('withSecretField', () => {
  it('keeps the value readable by name and out of every printout', () => {
    const target = withSecretField({ kind: 'token', nested: { deep: [1] } }, 'secret', 'sek-123456');
    expect(target.secret).toBe('sek-123456');
    for (const printed of [
      inspect(target, EVERYTHING),
      inspect({ wrapper: [target] }, EVERYTHING),
      inspect(target),
      JSON.stringify(target),
      JSON.stringify({ ...target }),
      String(Object.keys(target)),
    ]) {
      expect(printed).not.toContain('sek-123456');
    }
    expect(inspect(target, EVERYTHING)).toContain("secret: '[hidden]'");
    expect(inspect(target)).toContain("kind: 'token'");
    expect(JSON.parse(JSON.stringify(target))).toEqual({ kind: 'token', nested: { deep: [1] } });
  });

  it('hides several fields of one object, and cannot be overwritten', () => {
    const target = withSecretField(withSecretField({ id: 1 }, 'a', 'first-secret'), 'b', 'second-secret');
    const printed = inspect(target, EVERYTHING);
    expect(printed).not.toContain('first-secret');
    expect(printed).not.toContain('second-secret');
    expect(() => {
      (target as { a: string }).a = 'x';
    }).toThrow(TypeError);
    expect(target.a).toBe('first-secret');
  });

  it('keeps to the depth asked for, nested or not', () => {
    const target = withSecretField({ level1: { level2: { level3: 'deep' } } }, 'token', 'tok-depth');
    expect(inspect(target, { depth: 0 })).toBe("{ level1: [Object], token: '[hidden]' }");
    expect(inspect({ outer: target }, { depth: 0 })).toBe('{ outer: [Object] }');
    expect(inspect({ outer: target }, { depth: 1 })).toBe("{ outer: { level1: [Object], token: '[hidden]' } }");
    expect(inspect(target, { depth: Number.POSITIVE_INFINITY })).toContain("level3: 'deep'");
  });

  it('shows live values of the enumerable getters it prints', () => {
    let count = 1;
    const target = withSecretField(
      {
        get count() {
          return count;
        },
      },
      'token',
      'tok-live',
    );
    count = 7;
    expect(inspect(target)).toContain('count: 7');
  });
});

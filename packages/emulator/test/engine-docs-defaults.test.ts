/**
 * The emulator guide's default limits (its banner, its `--complexity` flag and its `limits` option) say what the
 * code fills in (src/server/options.ts), so a reader of docs/emulator.md sets the same budget the emulator uses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/server/options.js';

const guide = readFileSync(new URL('../../../docs/emulator.md', import.meta.url), 'utf8');
const limits = resolveLimits();
const grouped = (value: number, separator: string) => value.toLocaleString('en-US').replaceAll(',', separator);

describe('docs/emulator.md default limits', () => {
  it('the banner of `--port 4010` shows the default budgets', () => {
    const { minuteRate, complexity, concurrency, daily } = limits;
    expect(guide).toContain(
      `  limits   ${grouped(minuteRate.quota, ',')} requests per ${minuteRate.windowSeconds} s, ${concurrency.quota} in flight, complexity budget ${grouped(complexity.quota, ',')} per ${complexity.windowSeconds} s, ${grouped(daily.quota, ',')} requests per day`,
    );
  });

  it('the `--complexity` flag and the `limits` option give the default complexity budget', () => {
    const { quota, windowSeconds } = limits.complexity;
    expect(guide).toContain(`(\`complexityMinute\`); default \`${quota}/${windowSeconds}\``);
    expect(guide).toContain(`\`complexity\` ${grouped(quota, ' ')} per ${windowSeconds} s`);
  });
});

/**
 * The emulator's formula column: `settings.formula` is arithmetic (`+ - * /`, parentheses, numbers) over other
 * columns written `{column_id}`, e.g. `{numbers}*2+{numbers_2}`. The platform's formula language is far larger;
 * this is the part an app's tests need to see a computed value come back (test/e2e/columns-round-trip.test.ts).
 */

/** The value of `expression` with each `{id}` replaced by `numberOf(id)`, or null when anything is not a number. */
export function evaluateFormula(expression: string, numberOf: (columnId: string) => number | null): number | null {
  let missing = false;
  const arithmetic = expression.replace(/\{([a-z0-9_]+)\}/gi, (_match, id: string) => {
    const value = numberOf(id);
    if (value === null) missing = true;
    return `(${value ?? 0})`;
  });
  if (missing) return null;
  const tokens = arithmetic.match(/\d+(?:\.\d+)?|[-+*/()]|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const expr = (): number => {
    let value = term();
    while (peek() === '+' || peek() === '-') value = tokens[at++] === '+' ? value + term() : value - term();
    return value;
  };
  const term = (): number => {
    let value = factor();
    while (peek() === '*' || peek() === '/') value = tokens[at++] === '*' ? value * factor() : value / factor();
    return value;
  };
  const factor = (): number => {
    const token = tokens[at++];
    if (token === '-') return -factor();
    if (token === '(') {
      const value = expr();
      if (tokens[at++] !== ')') return Number.NaN;
      return value;
    }
    return token !== undefined && /^\d/.test(token) ? Number(token) : Number.NaN;
  };
  const result = tokens.length === 0 ? Number.NaN : expr();
  return at === tokens.length && Number.isFinite(result) ? result : null;
}

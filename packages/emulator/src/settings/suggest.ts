/**
 * "Did you mean …?": the valid name nearest to a mistyped one. A name that holds a valid one or is held by it
 * (`window` for `windowSeconds`, `latencyMs` for `ms`) comes first, then the closest by edit distance, if close.
 */

/** The valid name nearest to `given`, or undefined when none is near. */
export function nearestName(given: string, valid: readonly string[]): string | undefined {
  const lower = given.toLowerCase();
  if (lower.length === 0) return undefined;
  const exact = valid.find((name) => name.toLowerCase() === lower);
  if (exact) return exact;
  const related = valid
    .filter((name) => {
      const other = name.toLowerCase();
      return Math.min(other.length, lower.length) >= 2 && (other.includes(lower) || lower.includes(other));
    })
    .sort((a, b) => Math.abs(a.length - given.length) - Math.abs(b.length - given.length));
  if (related[0]) return related[0];
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(given.length / 3)) + 1;
  for (const name of valid) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, with a cap on the lengths compared so a huge key costs little. */
function editDistance(a: string, b: string): number {
  const left = a.slice(0, 64);
  const right = b.slice(0, 64);
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[right.length]!;
}

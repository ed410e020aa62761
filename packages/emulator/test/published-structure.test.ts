/** The published-schema import keeps the structure and nothing of the published prose. */
import { describe, expect, it } from 'vitest';
import { structureOnly } from '../scripts/published-structure.js';

const PUBLISHED = `
"""A thing with prose"""
type Query {
  "Zed field"
  zed(
    "An argument"
    limit: Int = 25
  ): [Thing!]
  alpha: String @deprecated(reason: "Some published wording about alpha.")
}

"Things"
type Thing implements Node { id: ID! "Its name" name: String }
interface Node { id: ID! }
enum Color { "Red!" RED BLUE @deprecated(reason: "Published prose.") }
input Filter { "Which" color: Color = RED }
union Any = Thing
`;

describe('structureOnly', () => {
  const out = structureOnly(PUBLISHED);

  it('drops every description and every published deprecation reason', () => {
    expect(out).not.toMatch(/prose|Zed field|An argument|Things|Its name|Red!|Which|published wording/i);
    expect(out).toContain('alpha: String @deprecated(reason: "No longer supported.")');
    expect(out).toContain('BLUE @deprecated(reason: "No longer supported.")');
  });

  it('keeps types, arguments, defaults, nullability, interfaces and unions, sorted by name', () => {
    expect(out).toContain('type Query {\n  alpha: String');
    expect(out).toContain('zed(limit: Int = 25): [Thing!]');
    expect(out).toContain('type Thing implements Node {\n  id: ID!\n  name: String\n}');
    expect(out).toContain('input Filter {\n  color: Color = RED\n}');
    expect(out).toContain('union Any = Thing');
    expect(out.indexOf('union Any')).toBeLessThan(out.indexOf('enum Color'));
  });
});

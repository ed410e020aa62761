/**
 * The names a generated board uses: each column's key (its title in lowerCamelCase, `Due date` → `dueDate`; the
 * column id when the title makes no identifier or two titles make the same key) and the board's type name
 * (`:<Name>` as given, else the board's name in PascalCase).
 */

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** `Due date` → `dueDate`; '' when the title holds no letter or digit. */
export function lowerCamelCase(title: string): string {
  const [first = '', ...rest] = words(title);
  return first.toLowerCase() + rest.map(capitalized).join('');
}

/** True when `key` can be written as a property name without quotes. */
export function isIdentifier(key: string): boolean {
  return IDENTIFIER.test(key);
}

/** Each column's key, by column id, in the columns' order: unique, and its title's when that is an identifier. */
export function columnKeys(columns: readonly { id: string; title: string }[]): Map<string, string> {
  const keys = new Map(
    columns.map((column) => {
      const key = lowerCamelCase(column.title);
      return [column.id, isIdentifier(key) ? key : column.id];
    }),
  );
  // A key two columns share falls back to each one's id (ids are unique on a board); again until none is shared.
  for (let shared = true; shared; ) {
    shared = false;
    const count = new Map<string, number>();
    for (const key of keys.values()) count.set(key, (count.get(key) ?? 0) + 1);
    for (const [id, key] of keys) {
      if ((count.get(key) ?? 0) > 1 && key !== id) {
        keys.set(id, id);
        shared = true;
      }
    }
  }
  return keys;
}

/** The board's type name: `name` given (checked by the caller), else the board's name in PascalCase. */
export function typeName(boardName: string, boardId: string): string {
  const name = words(boardName).map(capitalized).join('');
  return /^[A-Za-z]/.test(name) ? name : `Board${boardId}`;
}

/** Why `name` cannot name a board's types, or undefined when it can. */
export function typeNameProblem(name: string): string | undefined {
  return /^[A-Z][A-Za-z0-9]*$/.test(name)
    ? undefined
    : `"${name}" cannot name a board's types: use letters and digits, starting with a capital (e.g. Launch).`;
}

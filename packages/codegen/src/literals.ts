/**
 * Documents reach the generated file as JSON string literals, never as template literals: a backtick, `${...}` or
 * a backslash inside a GraphQL string can neither close the literal, run code on import, nor change the text.
 *
 * The graphql-codegen plugins print each document into a template literal and re-parse it. So before they run,
 * every string value of the documents is swapped for a plain placeholder (no quote, backslash, backtick or `$`);
 * afterwards each printed literal is read back (it then holds nothing a template literal would interpret), the
 * placeholders are swapped for the strings as GraphQL prints them, and the result is written with
 * `JSON.stringify`. Pinned by `packages/codegen/test/safety.test.ts` ("documents holding backticks...").
 *
 * The text is written compact, without the printer's indentation: a space stays only where GraphQL needs one
 * (between two names or numbers). Every byte of it ships in each app bundle that uses the document.
 */
import { randomBytes } from 'node:crypto';
import { type DocumentNode, Kind, print, type StringValueNode, visit } from 'graphql';

/** Documents whose strings are placeholders, and the function that puts the strings back in the printed file. */
export interface MaskedStrings<T> {
  files: T[];
  /** The generated text with every document emitted as a JSON string literal holding the original strings. */
  restore(text: string): string;
}

/** A document literal as the plugins print it: `new TypedDocumentString(\`...\`` (no backtick inside once masked). */
const TEMPLATE_DOCUMENT = /new TypedDocumentString\(`([^`]*)`/g;

/** Spaces beside a punctuator, which GraphQL never needs (`-` is left alone: `[1 -2]` must not become `[1-2]`). */
const SPACE_BY_PUNCTUATOR = / ?([!$&(),.:=@[\]{|}]) ?/g;

/**
 * `text` (a printed document whose strings are placeholders, so it holds no string or comment) without the
 * whitespace GraphQL ignores: runs of whitespace become one space, and no space is kept beside a punctuator.
 */
function compactDocument(text: string): string {
  return text.trim().replace(/\s+/g, ' ').replace(SPACE_BY_PUNCTUATOR, '$1');
}

/** Replaces every string value in `files`' documents with a placeholder; see the module comment. */
export function maskStrings<T extends { document?: DocumentNode }>(files: readonly T[]): MaskedStrings<T> {
  const nonce = randomBytes(6).toString('hex');
  const printed: string[] = [];
  const placeholder = (index: number) => `wp_codegen_string_${nonce}_${index}`;
  const masked = files.map((file) => {
    if (!file.document) return file;
    const document = visit(file.document, {
      [Kind.STRING]: (node: StringValueNode): StringValueNode => {
        printed.push(print(node));
        return { kind: Kind.STRING, value: placeholder(printed.length - 1), block: false };
      },
    });
    return { ...file, document };
  });
  const back = new RegExp(`"${placeholder(0).replace(/_0$/, '')}_(\\d+)"`, 'g');
  return {
    files: masked,
    restore: (text) =>
      text.replace(TEMPLATE_DOCUMENT, (_whole, body: string) => {
        const original = compactDocument(body).replace(back, (_match, index: string) => printed[Number(index)] ?? '""');
        return `new TypedDocumentString(${JSON.stringify(original)}`;
      }),
  };
}

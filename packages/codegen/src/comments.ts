/**
 * Reads the comment an operation carries in its `.graphql` file: the `#` lines directly above its
 * definition. graphql's parser drops comments, so they are read from the source text it points at.
 */

/** What of a parsed definition the reader needs: where it starts in which source text. */
export interface DefinitionSpan {
  loc?: { start: number; source: { body: string } } | undefined;
}

/** The `#` comment lines right above a definition, joined into one paragraph ('' when none). */
export function commentAbove(definition: DefinitionSpan, body = definition.loc?.source.body): string {
  const start = definition.loc?.start;
  if (start === undefined || body === undefined) return '';
  // Walks back line by line from the definition: the time grows with the comment, not with the file
  // (thousands of operations in one file; pinned by packages/codegen/test/safety.test.ts, "2,000 operations").
  const comment: string[] = [];
  let end = start > 0 ? body.lastIndexOf('\n', start - 1) : -1; // the end of the line above
  while (end >= 0) {
    const from = end > 0 ? body.lastIndexOf('\n', end - 1) + 1 : 0;
    const trimmed = body.slice(from, end).trim();
    if (!trimmed.startsWith('#')) break;
    comment.unshift(trimmed.replace(/^#+\s?/, ''));
    end = from - 1;
  }
  return comment.join('\n').trim();
}

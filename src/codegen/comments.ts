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
  const lines = body.slice(0, start).split(/\r?\n/);
  lines.pop(); // the text before the definition on its own line
  const comment: string[] = [];
  for (let line = lines.pop(); line !== undefined; line = lines.pop()) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('#')) break;
    comment.unshift(trimmed.replace(/^#+\s?/, ''));
  }
  return comment.join('\n').trim();
}

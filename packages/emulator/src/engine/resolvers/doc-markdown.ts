/**
 * Markdown to doc blocks and back (2025-10: `add_content_to_doc_from_markdown`, `export_markdown_from_doc`; see
 * https://developer.monday.com/api-reference/changelog/new-add_content_to_doc_from_markdown-mutation and
 * .../new-export_markdown_from_doc-object). Pure functions; the resolvers in docs.ts apply them.
 *
 * Rule map:
 * - A block's content is `{ alignment, direction, deltaFormat }`, the delta being Quill's (the platform points app
 *   builders at Quill's Delta library): text inserts with `bold`, `italic`, `strike`, `code` and `link` attributes,
 *   several on one insert written as nested marks (`[~~**_all_**~~](url)`). {@link inlineDelta} reads them from
 *   markdown, {@link inlineMarkdown} writes them back (packages/emulator/test/engine/resolvers/doc-markdown.test.ts).
 * - One markdown construct is one block of the type named after it ({@link blocksFromMarkdown}): `#`, `##`, `###`
 *   titles, paragraphs (consecutive lines joined), `-`/`*`/`+` and `1.` list items, `>` quotes, fenced code.
 * - What has no block type the emulator models (tables, images, task lists, dividers, nested lists, raw HTML) is
 *   refused with {@link UnsupportedMarkdown} naming it, never dropped (packages/emulator/test/doc-markdown.test.ts).
 * - Export writes the same constructs back ({@link markdownFromBlocks}); a block of another type is refused.
 * - Literal text is no markup: export escapes markdown's characters outside code with a backslash ({@link escapeText},
 *   and a paragraph that would read as another construct, {@link escapeLineStart}); import reads a backslash before
 *   ASCII punctuation as that character, except in code, so export then import gives back the same blocks
 *   (packages/emulator/test/engine/resolvers/doc-markdown.test.ts). Not kept: a paragraph's leading and trailing spaces (lines
 *   are trimmed), a line break inside a text (lines are joined), inline code holding a backtick, a code block holding
 *   a line of three backticks, and a link address holding a space, a parenthesis or a bracket. The platform's docs
 *   do not describe its escaping; this is CommonMark's backslash escape.
 */

/** The delta-format content of one text block. */
export interface TextContent {
  alignment: 'left';
  direction: 'ltr';
  deltaFormat: DeltaInsert[];
}

/** One Quill delta text insert. */
export interface DeltaInsert {
  insert: string;
  attributes?: Record<string, string | boolean>;
}

/** A block to create: its type and its content. */
export interface BlockSpec {
  type:
    | 'large_title'
    | 'medium_title'
    | 'small_title'
    | 'normal_text'
    | 'bulleted_list'
    | 'numbered_list'
    | 'quote'
    | 'code';
  content: TextContent;
}

/** A markdown construct, or a block type, that the emulator does not convert. */
export class UnsupportedMarkdown extends Error {
  constructor(readonly construct: string) {
    super(`${construct} is not modelled by the emulator`);
  }
}

const TITLES = ['large_title', 'medium_title', 'small_title'] as const;
const BULLET = /^[-*+]\s+(.*)$/;
const NUMBERED = /^\d+[.)]\s+(.*)$/;

function content(deltaFormat: DeltaInsert[]): TextContent {
  return { alignment: 'left', direction: 'ltr', deltaFormat };
}

/** Refuses the constructs that have no modelled block type (rule 3). */
function checkSupported(line: string): void {
  const trimmed = line.trim();
  if (/^\|.*\|$/.test(trimmed)) throw new UnsupportedMarkdown('A markdown table');
  if (/^!\[[^\]]*\]\([^)]*\)$/.test(trimmed)) throw new UnsupportedMarkdown('A markdown image');
  if (/^[-*+]\s+\[[ xX]\]\s/.test(trimmed)) throw new UnsupportedMarkdown('A markdown task list');
  if (/^(-{3,}|\*{3,}|_{3,})$/.test(trimmed)) throw new UnsupportedMarkdown('A markdown divider');
  if (/^####/.test(trimmed)) throw new UnsupportedMarkdown('A heading deeper than ###');
  if (/^<\/?[a-zA-Z][^>]*>/.test(trimmed)) throw new UnsupportedMarkdown('Raw HTML in markdown');
  if (/^\s+([-*+]|\d+[.)])\s/.test(line)) throw new UnsupportedMarkdown('A nested markdown list');
}

/** The blocks `markdown` becomes, in order (rule 2). Throws {@link UnsupportedMarkdown}. */
export function blocksFromMarkdown(markdown: string): BlockSpec[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: BlockSpec[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'normal_text', content: content(inlineDelta(paragraph.join(' '))) });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (/^\s*```/.test(line)) {
      flush();
      const code: string[] = [];
      for (index++; index < lines.length && !/^\s*```/.test(lines[index] ?? ''); index++) code.push(lines[index] ?? '');
      blocks.push({ type: 'code', content: content([{ insert: code.join('\n') }]) });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    checkSupported(line);
    const text = line.trim();
    const title = /^(#{1,3})\s+(.*)$/.exec(text);
    const bullet = BULLET.exec(text);
    const numbered = NUMBERED.exec(text);
    const quote = /^>\s?(.*)$/.exec(text);
    const block: BlockSpec | undefined = title
      ? { type: TITLES[(title[1] ?? '#').length - 1] ?? 'large_title', content: content(inlineDelta(title[2] ?? '')) }
      : bullet
        ? { type: 'bulleted_list', content: content(inlineDelta(bullet[1] ?? '')) }
        : numbered
          ? { type: 'numbered_list', content: content(inlineDelta(numbered[1] ?? '')) }
          : quote
            ? { type: 'quote', content: content(inlineDelta(quote[1] ?? '')) }
            : undefined;
    if (block) {
      flush();
      blocks.push(block);
    } else paragraph.push(text);
  }
  flush();
  return blocks;
}

/**
 * Inline marks. Each span stops at the next opener of its own kind (`__` inside `__…__`, `[` inside a link), so an
 * opener that never closes costs one scan to the next opener, not to the end of the line: a line of unclosed
 * openers stays linear (packages/emulator/test/doc-markdown.test.ts: "answers at once on a line of unclosed marks").
 */
const INLINE =
  /\*\*(.+?)\*\*|(?<!\w)__((?:(?!__).)+?)__(?!\w)|~~(.+?)~~|`([^`]+)`|\[([^[\]]+)\]\(([^()[\]\s]+)\)|\*([^*]+)\*|(?<!\w)_([^_]+)_(?!\w)/dg;

/** A backslash escape: a backslash before ASCII punctuation (rule 5). */
const ESCAPE = /\\([!-/:-@[-`{-~])/g;

/** `text` with its backslash escapes read as the characters they escape. */
function unescapeText(text: string): string {
  return text.replace(ESCAPE, '$1');
}

/** How deep marks nest inside one another: bold, italic, strike-through and a link, each at most once. */
const MAX_NESTED_MARKS = 4;

/**
 * The Quill delta of one line of inline markdown (rule 1); escaped characters are text, never marks (rule 5). A
 * mark's text is read for marks again, so `**_both_**` is bold and italic, down to {@link MAX_NESTED_MARKS} levels.
 */
export function inlineDelta(text: string, depth = 0): DeltaInsert[] {
  // The marks are found on a copy where each escape is two inert characters, so positions match `text`'s.
  const masked = text.replace(ESCAPE, '\u0001\u0001');
  const delta: DeltaInsert[] = [];
  let at = 0;
  for (const match of masked.matchAll(INLINE)) {
    if (match.index > at) delta.push({ insert: unescapeText(text.slice(at, match.index)) });
    const group = (index: number) => {
      const span = match.indices?.[index];
      return span ? text.slice(span[0], span[1]) : undefined;
    };
    const [bold, boldAlt, strike, code, linkText, href, italic, italicAlt] = [1, 2, 3, 4, 5, 6, 7, 8].map(group);
    if (code !== undefined) delta.push({ insert: code, attributes: { code: true } });
    else {
      const inner = (bold ?? boldAlt ?? strike ?? linkText ?? italic ?? italicAlt) as string;
      const mark: Record<string, string | boolean> =
        bold !== undefined || boldAlt !== undefined
          ? { bold: true }
          : strike !== undefined
            ? { strike: true }
            : linkText !== undefined && href !== undefined
              ? { link: unescapeText(href) }
              : { italic: true };
      const marked = depth < MAX_NESTED_MARKS ? inlineDelta(inner, depth + 1) : [{ insert: unescapeText(inner) }];
      for (const op of marked) delta.push({ insert: op.insert, attributes: { ...op.attributes, ...mark } });
    }
    at = match.index + match[0].length;
  }
  if (at < text.length || delta.length === 0) delta.push({ insert: unescapeText(text.slice(at)) });
  return delta;
}

/** Literal text as markdown: the characters that start inline marks, and the backslash, escaped (rule 5). */
function escapeText(text: string): string {
  return text.replace(/[\\*_~`[\]]/g, '\\$&');
}

/**
 * A paragraph's markdown that would read as a title, list item, quote, table, divider or HTML, with the character
 * that makes it so escaped (rule 5). Other blocks start with their own marker, which keeps what follows text.
 */
function escapeLineStart(line: string): string {
  return line
    .replace(/^(\s*)([#>|+]|-(?=\s|-{2,}\s*$|$)|<(?=\/?[a-zA-Z]))/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])(?=\s|$)/, '$1\\$2');
}

/** The text inserts of a block's delta, each without its closing line break; an embed (not text) is refused. */
function textInserts(deltaFormat: unknown): { raw: string; attributes: Record<string, unknown> }[] {
  if (!Array.isArray(deltaFormat)) return [];
  return deltaFormat.map((op: { insert?: unknown; attributes?: Record<string, unknown> }) => {
    if (typeof op?.insert !== 'string') throw new UnsupportedMarkdown('Exporting an embed in a doc block');
    return { raw: op.insert.replace(/\n$/, ''), attributes: op.attributes ?? {} };
  });
}

/** The inline markdown of a block's delta (rule 1); an embed (not a text insert) is refused. */
export function inlineMarkdown(deltaFormat: unknown): string {
  return textInserts(deltaFormat)
    .map(({ raw, attributes }) => {
      if (attributes.code) return `\`${raw}\``;
      // Marks nest, the link outermost; italic inside bold is `_`, as `***` would read as bold around a `*`.
      let marked = escapeText(raw);
      if (attributes.italic) marked = attributes.bold ? `_${marked}_` : `*${marked}*`;
      if (attributes.bold) marked = `**${marked}**`;
      if (attributes.strike) marked = `~~${marked}~~`;
      if (typeof attributes.link === 'string') marked = `[${marked}](${attributes.link})`;
      return marked;
    })
    .join('');
}

const PREFIX: Record<string, string> = {
  large_title: '# ',
  medium_title: '## ',
  small_title: '### ',
  normal_text: '',
  bulleted_list: '- ',
  quote: '> ',
};

/** The markdown of `blocks`, in the order given (rule 4): blocks apart by a blank line, list items line by line. */
export function markdownFromBlocks(blocks: readonly { type: string; content: unknown }[]): string {
  let out = '';
  let previous = '';
  let number = 0;
  for (const block of blocks) {
    const delta = (block.content as { deltaFormat?: unknown } | null)?.deltaFormat;
    let line: string;
    if (block.type === 'code') {
      // Code is literal (rule 5): its text goes out as it is, as the import reads a fence's lines.
      line = `\`\`\`\n${textInserts(delta)
        .map(({ raw }) => raw)
        .join('')}\n\`\`\``;
    } else if (block.type === 'numbered_list') {
      number = previous === 'numbered_list' ? number + 1 : 1;
      line = `${number}. ${inlineMarkdown(delta)}`;
    } else if (block.type === 'normal_text') line = escapeLineStart(inlineMarkdown(delta));
    else if (block.type in PREFIX) line = `${PREFIX[block.type]}${inlineMarkdown(delta)}`;
    else throw new UnsupportedMarkdown(`Exporting a ${block.type} block as markdown`);
    const sameList = previous === block.type && (block.type === 'bulleted_list' || block.type === 'numbered_list');
    out += out === '' ? line : `${sameList ? '\n' : '\n\n'}${line}`;
    previous = block.type;
  }
  return out;
}

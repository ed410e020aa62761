/**
 * HTML to doc blocks, for `import_doc_from_html` (2026-01). A pure function; docs.ts applies it.
 *
 * Rule map (the docs reference, https://developer.monday.com/api-reference/reference/docs#import-doc-from-html: text
 * with its formatting, quotes, lists, code, dividers and titles become blocks):
 * - `h1`/`h2`/`h3` are large, medium and small titles; `p` (and text outside any block) a normal text; `li` a
 *   bulleted or numbered list item after its `ul`/`ol`; `blockquote` a quote; `pre` a code block; `hr` a divider.
 * - Inline `strong`/`b`, `em`/`i`, `s`/`del`/`strike`, `u`, `code` and `a href` become the delta's `bold`, `italic`,
 *   `strike`, `underline`, `code` and `link` marks; `br` a space; entities are decoded; other tags (`div`, `span`,
 *   `body`...) only hold what is inside them; `head`, `script` and `style` hold nothing of the doc.
 * - The title is the `title` element's text, else the first title block's.
 * - What the emulator keeps no block for (tables, images, deeper headings) is refused with
 *   {@link UnsupportedMarkdown} naming it, never dropped.
 */
import { type BlockSpec, type DeltaInsert, type TextContent, UnsupportedMarkdown } from './doc-markdown.js';

/** A block the HTML becomes: the markdown ones, or a divider. */
export type HtmlBlockSpec = BlockSpec | { type: 'divider'; content: { alignment: 'left'; direction: 'ltr' } };

/** What an HTML document becomes: its title (if it names one) and its blocks. */
export interface HtmlDoc {
  title: string | null;
  blocks: HtmlBlockSpec[];
}

const TOKEN = /<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|</g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const MARKS: Record<string, string> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  s: 'strike',
  del: 'strike',
  strike: 'strike',
  u: 'underline',
  code: 'code',
};
const TEXT_BLOCKS: Record<string, BlockSpec['type']> = {
  h1: 'large_title',
  h2: 'medium_title',
  h3: 'small_title',
  p: 'normal_text',
  blockquote: 'quote',
  pre: 'code',
};
const REFUSED: Record<string, string> = {
  table: 'An HTML table',
  img: 'An HTML image',
  h4: 'A heading deeper than h3',
  h5: 'A heading deeper than h3',
  h6: 'A heading deeper than h3',
  video: 'An HTML video',
  iframe: 'An HTML embed',
};
const HIDDEN = new Set(['head', 'script', 'style', 'template']);

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function href(attributes: string): string | undefined {
  const match = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  const value = match?.[2] ?? match?.[3] ?? match?.[4];
  return value === undefined ? undefined : decode(value);
}

function content(deltaFormat: DeltaInsert[]): TextContent {
  return { alignment: 'left', direction: 'ltr', deltaFormat };
}

/** The blocks (and title) of `html`. Throws {@link UnsupportedMarkdown} for what has no block. */
export function blocksFromHtml(html: string): HtmlDoc {
  const blocks: HtmlBlockSpec[] = [];
  let title: string | null = null;
  let titleText: string | null = null;
  let hidden = 0;
  let current: { type: BlockSpec['type']; inserts: DeltaInsert[] } | null = null;
  const marks: { tag: string; mark: string; value: string | true }[] = [];
  const lists: ('ul' | 'ol')[] = [];
  const flush = () => {
    if (current) {
      const inserts = current.inserts.filter((insert) => insert.insert !== '');
      const first = inserts[0];
      const last = inserts.at(-1);
      if (current.type !== 'code' && first) first.insert = first.insert.replace(/^\s+/, '');
      if (current.type !== 'code' && last) last.insert = last.insert.replace(/\s+$/, '');
      const kept = inserts.filter((insert) => insert.insert !== '');
      if (kept.length > 0) blocks.push({ type: current.type, content: content(kept) });
    }
    current = null;
  };
  const text = (raw: string) => {
    if (!current) {
      if (raw.trim() === '') return;
      current = { type: 'normal_text', inserts: [] };
    }
    const value = current.type === 'code' ? raw : raw.replace(/\s+/g, ' ');
    const attributes = Object.fromEntries(marks.map((entry) => [entry.mark, entry.value]));
    current.inserts.push(Object.keys(attributes).length > 0 ? { insert: value, attributes } : { insert: value });
  };
  for (const match of html.matchAll(TOKEN)) {
    const [, closing, rawTag, attributes = '', rawText] = match;
    if (rawText !== undefined || match[0] === '<') {
      const decoded = decode(rawText ?? '<');
      if (titleText !== null) titleText += decoded;
      else if (hidden === 0) text(decoded);
      continue;
    }
    if (!rawTag) continue;
    const tag = rawTag.toLowerCase();
    if (tag === 'title') {
      if (closing) {
        title = (titleText ?? '').trim() || title;
        titleText = null;
      } else titleText = '';
      continue;
    }
    if (HIDDEN.has(tag)) {
      hidden = Math.max(0, hidden + (closing ? -1 : 1));
      continue;
    }
    if (hidden > 0) continue;
    const refused = REFUSED[tag];
    if (refused) throw new UnsupportedMarkdown(refused);
    const block = TEXT_BLOCKS[tag];
    if (block) {
      flush();
      if (!closing) current = { type: block, inserts: [] };
    } else if (tag === 'ul' || tag === 'ol') {
      flush();
      if (closing) lists.pop();
      else lists.push(tag);
    } else if (tag === 'li') {
      flush();
      if (!closing) current = { type: lists.at(-1) === 'ol' ? 'numbered_list' : 'bulleted_list', inserts: [] };
    } else if (tag === 'hr') {
      flush();
      blocks.push({ type: 'divider', content: { alignment: 'left', direction: 'ltr' } });
    } else if (tag === 'br') {
      text(' ');
    } else if (tag === 'a' || MARKS[tag]) {
      if (closing) {
        const index = marks.map((entry) => entry.tag).lastIndexOf(tag);
        if (index >= 0) marks.splice(index, 1);
      } else if (tag === 'a') {
        const link = href(attributes);
        if (link !== undefined) marks.push({ tag, mark: 'link', value: link });
      } else marks.push({ tag, mark: MARKS[tag] as string, value: true });
    }
  }
  flush();
  const firstTitle = blocks.find((block) => block.type.endsWith('_title'));
  const fallback =
    firstTitle && 'deltaFormat' in firstTitle.content
      ? firstTitle.content.deltaFormat.map((insert) => insert.insert).join('')
      : null;
  return { title: title ?? fallback, blocks };
}

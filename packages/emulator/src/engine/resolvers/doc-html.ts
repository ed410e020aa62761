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
 * - The work is linear in the HTML's length, whatever it holds: open marks are counted by tag, not listed and
 *   scanned per text, and the tokenizer looks for a `>` or `-->` at most once past each place (thousands of
 *   unclosed tags, or a `<` that never ends, do not make it quadratic; pinned by
 *   test/engine/resolvers/doc-html.test.ts).
 */
import { type BlockSpec, type DeltaInsert, type TextContent, UnsupportedMarkdown } from './doc-markdown.js';

/** A block the HTML becomes: the markdown ones, or a divider. */
export type HtmlBlockSpec = BlockSpec | { type: 'divider'; content: { alignment: 'left'; direction: 'ltr' } };

/** What an HTML document becomes: its title (if it names one) and its blocks. */
export interface HtmlDoc {
  title: string | null;
  blocks: HtmlBlockSpec[];
}

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

/** One piece of the HTML: a tag (opening or closing, with its attribute text) or text; comments are skipped. */
type Token = { tag: string; closing: boolean; attributes: string } | { text: string };

const NAME_START = /[a-zA-Z]/;
const NAME_PART = /[a-zA-Z0-9]/;

/**
 * The tags and texts of `html`, in order: `<!-- ... -->` and `<!DOCTYPE ...>` are skipped, `<name ...>` and
 * `</name ...>` are tags, a `<` that starts none of these is text. Each search for the `>` or `-->` that ends a
 * piece is remembered, so a search never scans again what an earlier one scanned: linear in the length.
 */
function* tokens(html: string): Generator<Token> {
  let gt = -2; // the next '>' at or after the last place asked (-1: none left), -2: not looked for yet
  let commentEnd = -2;
  const nextGt = (from: number) => {
    if (gt !== -1 && gt < from) gt = html.indexOf('>', from);
    return gt;
  };
  const nextCommentEnd = (from: number) => {
    if (commentEnd !== -1 && commentEnd < from) commentEnd = html.indexOf('-->', from);
    return commentEnd;
  };
  let at = 0;
  while (at < html.length) {
    if (html[at] !== '<') {
      const next = html.indexOf('<', at);
      const end = next === -1 ? html.length : next;
      yield { text: html.slice(at, end) };
      at = end;
      continue;
    }
    if (html.startsWith('<!--', at)) {
      const end = nextCommentEnd(at + 4);
      if (end !== -1) {
        at = end + 3;
        continue;
      }
    }
    if (html.startsWith('<!DOCTYPE', at)) {
      const end = nextGt(at + 9);
      if (end !== -1) {
        at = end + 1;
        continue;
      }
    }
    const closing = html[at + 1] === '/';
    const nameAt = at + (closing ? 2 : 1);
    if (NAME_START.test(html[nameAt] ?? '')) {
      let nameEnd = nameAt + 1;
      while (nameEnd < html.length && NAME_PART.test(html[nameEnd] as string)) nameEnd += 1;
      const end = nextGt(nameEnd);
      if (end !== -1) {
        yield { tag: html.slice(nameAt, nameEnd), closing, attributes: html.slice(nameEnd, end) };
        at = end + 1;
        continue;
      }
    }
    yield { text: '<' };
    at += 1;
  }
}

/**
 * The inline marks open at a place: how many tags of each name are open (a closing tag ends one of its name, and
 * one that ends none is ignored), and the links of the open `a` tags, the innermost last. Each change and each
 * reading of the marks costs the same however many tags are open.
 */
class OpenMarks {
  readonly #open = new Map<string, number>();
  readonly #byMark = new Map<string, number>();
  readonly #links: string[] = [];

  open(tag: string, attributes: string): void {
    if (tag === 'a') {
      const link = href(attributes);
      if (link === undefined) return;
      this.#links.push(link);
    } else this.#byMark.set(MARKS[tag] as string, (this.#byMark.get(MARKS[tag] as string) ?? 0) + 1);
    this.#open.set(tag, (this.#open.get(tag) ?? 0) + 1);
  }

  close(tag: string): void {
    const open = this.#open.get(tag) ?? 0;
    if (open === 0) return;
    this.#open.set(tag, open - 1);
    if (tag === 'a') this.#links.pop();
    else this.#byMark.set(MARKS[tag] as string, (this.#byMark.get(MARKS[tag] as string) ?? 1) - 1);
  }

  /** The delta attributes of text here, or undefined when no mark is open. */
  attributes(): Record<string, string | true> | undefined {
    const attributes: Record<string, string | true> = {};
    let any = false;
    for (const [mark, count] of this.#byMark) {
      if (count > 0) {
        attributes[mark] = true;
        any = true;
      }
    }
    const link = this.#links.at(-1);
    if (link !== undefined) {
      attributes.link = link;
      any = true;
    }
    return any ? attributes : undefined;
  }
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
  const marks = new OpenMarks();
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
    const attributes = marks.attributes();
    current.inserts.push(attributes ? { insert: value, attributes } : { insert: value });
  };
  for (const token of tokens(html)) {
    if ('text' in token) {
      const decoded = decode(token.text);
      if (titleText !== null) titleText += decoded;
      else if (hidden === 0) text(decoded);
      continue;
    }
    const { closing, attributes } = token;
    const tag = token.tag.toLowerCase();
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
      if (closing) marks.close(tag);
      else marks.open(tag, attributes);
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

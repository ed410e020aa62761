/**
 * `blocksFromHtml` (src/engine/resolvers/doc-html.ts), the conversion behind `import_doc_from_html`: inline marks
 * as tags open and close them, however many stay open, and work linear in the HTML's length on hostile input
 * (thousands of unclosed inline tags, a `<` or a comment that never closes).
 */
import { describe, expect, it } from 'vitest';
import { blocksFromHtml } from '../../../src/engine/resolvers/doc-html.js';

const inserts = (html: string) =>
  blocksFromHtml(html).blocks.map((block) => ('deltaFormat' in block.content ? block.content.deltaFormat : []));

describe('blocksFromHtml marks', () => {
  it('a closing tag ends the latest open one of its name; one that closes nothing is ignored', () => {
    expect(inserts('<p><b>a<i>b</b>c</i>d</u>e</p>')).toEqual([
      [
        { insert: 'a', attributes: { bold: true } },
        { insert: 'b', attributes: { bold: true, italic: true } },
        { insert: 'c', attributes: { italic: true } },
        { insert: 'd' },
        { insert: 'e' },
      ],
    ]);
  });

  it('two tags of one mark keep it until both close; the innermost link wins until it closes', () => {
    expect(inserts('<p><b><strong>a</b>b</strong>c<a href="x">d<a href="y">e</a>f</a></p>')).toEqual([
      [
        { insert: 'a', attributes: { bold: true } },
        { insert: 'b', attributes: { bold: true } },
        { insert: 'c' },
        { insert: 'd', attributes: { link: 'x' } },
        { insert: 'e', attributes: { link: 'y' } },
        { insert: 'f', attributes: { link: 'x' } },
      ],
    ]);
  });
});

describe('blocksFromHtml on hostile input', () => {
  // The bound catches a hang (the quadratic work took tens of seconds on these); it is not a speed figure.
  const HANG_BOUND_MS = 2_000;
  const hostile: [string, string][] = [
    ['15,000 unclosed <b> in 60 kB', `<p>${'<b>x'.repeat(15_000)}</p>`],
    [
      '15,000 closing tags that close nothing, under 15,000 open ones',
      `<p>${'<b>x'.repeat(15_000)}${'</i>x'.repeat(15_000)}</p>`,
    ],
    ['30,000 tags that never end (no >)', '<a'.repeat(30_000)],
    ['15,000 comments that never close', '<!--'.repeat(15_000)],
    ['7,000 doctypes that never end', '<!DOCTYPE'.repeat(7_000)],
  ];
  for (const [label, html] of hostile) {
    it(`${label}: converted without a hang`, () => {
      const started = performance.now();
      const { blocks } = blocksFromHtml(html);
      expect(performance.now() - started).toBeLessThan(HANG_BOUND_MS);
      expect(blocks.length).toBeGreaterThan(0);
    });
  }

  it('15,000 unclosed <b>: every text is bold', () => {
    const [block] = inserts(`<p>${'<b>x'.repeat(15_000)}</p>`);
    expect(block?.map((insert) => insert.insert).join('')).toBe('x'.repeat(15_000));
    expect(block?.every((insert) => insert.attributes?.bold === true)).toBe(true);
  });
});

/**
 * Markdown export and import of doc blocks as pure functions: text holding markdown's own characters exports escaped,
 * and the export imports back to the same blocks; escaped markdown imports as literal text and exports back as it
 * came.
 */
import { describe, expect, it } from 'vitest';
import {
  type BlockSpec,
  blocksFromMarkdown,
  type DeltaInsert,
  markdownFromBlocks,
} from '../../../src/engine/resolvers/doc-markdown.js';

const block = (type: BlockSpec['type'], ...deltaFormat: DeltaInsert[]): BlockSpec => ({
  type,
  content: { alignment: 'left', direction: 'ltr', deltaFormat },
});

describe('markdown of doc blocks', () => {
  it('escapes literal *, _, [, ], `, ~ and \\ in text, so the export is no markup', () => {
    const blocks = [
      block('normal_text', { insert: 'a *star*, snake_case, [not a link](x), `tick`, ~~no~~ and C:\\dir' }),
    ];
    expect(markdownFromBlocks(blocks)).toBe(
      'a \\*star\\*, snake\\_case, \\[not a link\\](x), \\`tick\\`, \\~\\~no\\~\\~ and C:\\\\dir',
    );
  });

  it('escapes a paragraph that would read as a title, list, quote, table, divider or HTML', () => {
    const starts = [
      '# not a title',
      '- not a bullet',
      '+ nor this',
      '1. not numbered',
      '> not quoted',
      '---',
      '|a|b|',
      '<div>',
    ];
    const blocks = starts.map((text) => block('normal_text', { insert: text }));
    expect(markdownFromBlocks(blocks).split('\n\n')).toEqual([
      '\\# not a title',
      '\\- not a bullet',
      '\\+ nor this',
      '1\\. not numbered',
      '\\> not quoted',
      '\\---',
      '\\|a|b|',
      '\\<div>',
    ]);
  });

  it('imports its own export back to the same blocks, marks and literal characters alike', () => {
    const blocks = [
      block('large_title', { insert: '# 1. *Plan* [v2]' }),
      block(
        'normal_text',
        { insert: '2 * 3 = 6, ' },
        { insert: 'my_var*', attributes: { bold: true } },
        { insert: ' and ' },
        { insert: '_x_', attributes: { italic: true } },
        { insert: ', ' },
        { insert: '[docs]', attributes: { link: 'https://example.com/a_b' } },
        { insert: ' ' },
        { insert: 'a*b_c', attributes: { code: true } },
        { insert: ' \\ done' },
      ),
      block('normal_text', { insert: '- [ ] not a task, ' }, { insert: '~~', attributes: { strike: true } }),
      block('bulleted_list', { insert: '*emphasis* kept literal' }),
      block('numbered_list', { insert: '3. ~tilde~' }),
      block('quote', { insert: '> nested? no' }),
    ];
    const markdown = markdownFromBlocks(blocks);
    expect(blocksFromMarkdown(markdown)).toEqual(blocks);
  });

  it('nests marks on one text, bold and italic among them, and imports them back to the same attributes', () => {
    const both = { bold: true, italic: true };
    const blocks = [
      block(
        'normal_text',
        { insert: 'a ' },
        { insert: 'both*_', attributes: both },
        { insert: ' ' },
        { insert: 'struck', attributes: { ...both, strike: true } },
        { insert: ' ' },
        { insert: 'linked', attributes: { bold: true, link: 'https://example.com/a_b' } },
      ),
    ];
    const markdown = markdownFromBlocks(blocks);
    expect(markdown).toBe('a **_both\\*\\__** ~~**_struck_**~~ [**linked**](https://example.com/a_b)');
    expect(blocksFromMarkdown(markdown)).toEqual(blocks);
    expect(blocksFromMarkdown('**a *b* c**')).toEqual([
      block(
        'normal_text',
        { insert: 'a ', attributes: { bold: true } },
        { insert: 'b', attributes: both },
        { insert: ' c', attributes: { bold: true } },
      ),
    ]);
  });

  it('writes a code block as it is, no escapes, and imports it back to the same block', () => {
    const code = block('code', { insert: 'const a = b * c_d; // [x] `y` ~~z~~ C:\\dir\n# not a title' });
    const markdown = markdownFromBlocks([code]);
    expect(markdown).toBe('```\nconst a = b * c_d; // [x] `y` ~~z~~ C:\\dir\n# not a title\n```');
    expect(blocksFromMarkdown(markdown)).toEqual([code]);
  });

  it('reads backslash escapes as literal characters, keeps them in code, and exports them back as they came', () => {
    const markdown = [
      '\\# Not a title with \\*stars\\*, \\_under\\_, \\[brackets\\] and `a\\*b`',
      '',
      '- **bold \\*inside\\*** then *it\\*alic*',
    ].join('\n');
    const blocks = blocksFromMarkdown(markdown);
    expect(blocks).toEqual([
      block(
        'normal_text',
        { insert: '# Not a title with *stars*, _under_, [brackets] and ' },
        { insert: 'a\\*b', attributes: { code: true } },
      ),
      block(
        'bulleted_list',
        { insert: 'bold *inside*', attributes: { bold: true } },
        { insert: ' then ' },
        { insert: 'it*alic', attributes: { italic: true } },
      ),
    ]);
    expect(markdownFromBlocks(blocks)).toBe(markdown);
  });
});

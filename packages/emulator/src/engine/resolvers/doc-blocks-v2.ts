/**
 * The typed doc blocks of `create_doc_blocks` (2025-10) and `DocumentBlockV2`: what a `CreateBlockInput` becomes as
 * a stored block, and how a stored block reads back as `[BlockContent]`. Pure functions; docs.ts applies them.
 *
 * Rule map (the blocks reference, https://developer.monday.com/api-reference/reference/blocks):
 * - A `CreateBlockInput` names exactly one kind of block; none or several is INVALID_ARGUMENT.
 * - Text blocks are stored like every other text block of the emulator (`{ alignment, direction, deltaFormat }`,
 *   the type from `text_block_type`, NORMAL_TEXT when left out); list blocks likewise (`list_block_type`,
 *   BULLETED_LIST when left out; `indentation` kept when given); dividers, page breaks and notice boxes keep their
 *   alignment, direction and theme. The docs do not state the defaults; these are the plain kinds.
 * - A delta insert holds text; a blot (a mention or a column value inside the text) is NOT_MODELLED, and so are
 *   image, table, layout and video blocks (the emulator keeps no assets, cells or embeds for them).
 * - Read back, a block's `content` is one `BlockContent` of the type its kind has (`TextBlockContent`,
 *   `ListBlockContent`, `DividerContent`, `PageBreakContent`, `NoticeBoxContent`), alignment and direction in
 *   upper case as the enums spell them; a block of a kind the emulator does not type is NOT_MODELLED.
 */
import { invalidArgument } from '../errors.js';
import { notModelledError } from '../schema/modelled.js';
import type { DocBlockRecord } from '../store/docs.js';
import type { CreateBlockInput, OperationInput } from './arguments.generated.js';

/** A block to store: its type, content and parent. */
export interface TypedBlockSpec {
  type: string;
  content: Record<string, unknown>;
  parentBlockId: string | null;
}

const TEXT_TYPES = new Set(['normal_text', 'large_title', 'medium_title', 'small_title', 'quote', 'code']);
const LIST_TYPES = new Set(['bulleted_list', 'numbered_list', 'check_list']);

function frame(alignment: string | null | undefined, direction: string | null | undefined) {
  return { alignment: (alignment ?? 'LEFT').toLowerCase(), direction: (direction ?? 'LTR').toLowerCase() };
}

function deltaFormat(operations: readonly OperationInput[]): Record<string, unknown>[] {
  return operations.map((operation) => {
    if (operation.insert.blot != null) throw notModelledError('Mutation', 'create_doc_blocks(delta_format: { blot })');
    if (typeof operation.insert.text !== 'string') {
      throw invalidArgument('Each delta_format insert needs text.');
    }
    const attributes = Object.fromEntries(
      Object.entries(operation.attributes ?? {}).filter(([, value]) => value !== null && value !== undefined),
    );
    return { insert: operation.insert.text, ...(Object.keys(attributes).length > 0 ? { attributes } : {}) };
  });
}

/** The block `input` asks for. Throws INVALID_ARGUMENT or NOT_MODELLED. */
export function typedBlock(input: CreateBlockInput): TypedBlockSpec {
  const given = Object.entries(input).filter(([, value]) => value !== null && value !== undefined);
  if (given.length !== 1) {
    throw invalidArgument(`Each block input needs exactly one kind of block; got ${given.length}.`);
  }
  const [kind] = given[0] as [keyof CreateBlockInput, unknown];
  if (input.text_block) {
    const block = input.text_block;
    return {
      type: (block.text_block_type ?? 'NORMAL_TEXT').toLowerCase(),
      content: { ...frame(block.alignment, block.direction), deltaFormat: deltaFormat(block.delta_format) },
      parentBlockId: block.parent_block_id ?? null,
    };
  }
  if (input.list_block) {
    const block = input.list_block;
    return {
      type: (block.list_block_type ?? 'BULLETED_LIST').toLowerCase(),
      content: {
        ...frame(block.alignment, block.direction),
        deltaFormat: deltaFormat(block.delta_format),
        ...(block.indentation == null ? {} : { indentation: block.indentation }),
      },
      parentBlockId: block.parent_block_id ?? null,
    };
  }
  if (input.divider_block) {
    return { type: 'divider', content: frame(null, null), parentBlockId: input.divider_block.parent_block_id ?? null };
  }
  if (input.page_break_block) {
    return {
      type: 'page_break',
      content: frame(null, null),
      parentBlockId: input.page_break_block.parent_block_id ?? null,
    };
  }
  if (input.notice_box_block) {
    return {
      type: 'notice_box',
      content: { ...frame(null, null), theme: input.notice_box_block.theme },
      parentBlockId: input.notice_box_block.parent_block_id ?? null,
    };
  }
  throw notModelledError('Mutation', `create_doc_blocks(${kind})`);
}

function upper(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value.toUpperCase() : fallback;
}

/** The text marks an `Attributes` object answers; a mark the insert does not carry is null. */
const MARKS = ['background', 'bold', 'code', 'color', 'italic', 'link', 'strike', 'underline'] as const;

function operations(content: Record<string, unknown>): Record<string, unknown>[] {
  const delta = Array.isArray(content.deltaFormat) ? (content.deltaFormat as Record<string, unknown>[]) : [];
  return delta.map((insert) => {
    const given = insert.attributes as Record<string, unknown> | undefined;
    return {
      insert: { text: typeof insert.insert === 'string' ? insert.insert : null, blot: null },
      attributes: given ? Object.fromEntries(MARKS.map((mark) => [mark, given[mark] ?? null])) : null,
    };
  });
}

/** A stored block's content as `DocumentBlockV2.content` answers it. Throws NOT_MODELLED for untyped kinds. */
export function blockContentV2(block: DocBlockRecord): Record<string, unknown>[] {
  const content = (block.content ?? {}) as Record<string, unknown>;
  const base = { alignment: upper(content.alignment, 'LEFT'), direction: upper(content.direction, 'LTR') };
  if (TEXT_TYPES.has(block.type)) {
    return [{ __typename: 'TextBlockContent', ...base, delta_format: operations(content) }];
  }
  if (LIST_TYPES.has(block.type)) {
    const indentation = typeof content.indentation === 'number' ? content.indentation : null;
    return [{ __typename: 'ListBlockContent', ...base, delta_format: operations(content), indentation }];
  }
  if (block.type === 'divider') return [{ __typename: 'DividerContent', ...base }];
  if (block.type === 'page_break') return [{ __typename: 'PageBreakContent', ...base }];
  if (block.type === 'notice_box' && typeof content.theme === 'string') {
    return [{ __typename: 'NoticeBoxContent', ...base, theme: content.theme }];
  }
  throw notModelledError('DocumentBlockV2', 'content');
}

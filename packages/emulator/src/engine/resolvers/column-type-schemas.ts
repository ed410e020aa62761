/**
 * `Query.get_column_type_schema` (2025-10 on): the JSON Schema of a column kind's settings, answered as
 * `{ "schema": { ... } }` the way each column type's reference page shows it. Static data about column kinds, so
 * it reads no account data and needs no scope. Pinned by packages/emulator/test/engine/resolvers/column-type-schemas.test.ts.
 *
 * Sources, one page per kind: https://developer.monday.com/api-reference/reference/checkbox, .../status,
 * .../dropdown, .../numbers and .../auto-number-1 ("Get column type schema"). The structure is kept keyword for keyword, the prose
 * descriptions left out; the status page abbreviates its colour enum ("working_orange", "done_green", "stuck_red",
 * "..."), which is filled in with every `StatusColumnColors` value of the published schema. Every other kind answers
 * NOT_MODELLED naming it: the emulator holds the schemas it could read from the docs, and invents none.
 */
import { STATUS_COLOR_NUMBERS } from '../column-kinds/status-colors.js';
import type { JsonSchema } from '../json-schema-check.js';
import { notModelledArgument } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The settings part of a kind's schema, wrapped as the docs answer it. */
function kindSchema(settings: JsonSchema): { schema: JsonSchema } {
  return {
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { settings: { type: 'object', ...settings } },
    },
  };
}

const COLUMN_TYPE_SCHEMAS: Readonly<Record<string, { schema: JsonSchema }>> = {
  checkbox: kindSchema({
    properties: {
      color: { type: 'string', minLength: 7, maxLength: 7 },
      hide_footer: { type: 'boolean' },
    },
    additionalProperties: false,
  }),
  status: kindSchema({
    properties: {
      type: { type: 'string' },
      labels: {
        type: 'array',
        maxItems: 40,
        items: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            label: { type: 'string', maxLength: 30 },
            color: { oneOf: [{ type: 'string', enum: Object.keys(STATUS_COLOR_NUMBERS) }, { type: 'integer' }] },
            index: { type: 'integer', minimum: 0, maximum: 39 },
            is_done: { type: 'boolean' },
          },
          required: ['label', 'color', 'index'],
        },
      },
    },
    required: ['labels'],
  }),
  dropdown: kindSchema({
    properties: {
      type: { type: 'string' },
      labels: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            label: { type: 'string' },
            is_deactivated: { type: 'boolean' },
          },
          required: ['label'],
          additionalProperties: false,
        },
      },
      limit_select: { type: 'boolean' },
      label_limit_count: { type: 'integer' },
    },
    additionalProperties: false,
    required: ['labels'],
  }),
  numbers: kindSchema({
    properties: {
      unit: {
        type: 'object',
        properties: {
          symbol: { type: 'string' },
          custom_unit: { type: 'string' },
          direction: { type: 'string', enum: ['left', 'right'] },
          precision: { type: 'integer', enum: [-1, 0, 1, 2, 3, 4, 5] },
        },
        additionalProperties: false,
      },
      hide_footer: { type: 'boolean' },
    },
    additionalProperties: false,
  }),
  // https://developer.monday.com/api-reference/reference/auto-number-1 ("Get column type schema"): no key required.
  auto_number: kindSchema({
    properties: {
      scope: { type: 'string', enum: ['group', 'board'] },
      color: { type: 'string', minLength: 7, maxLength: 7 },
      font: { type: 'string', enum: ['regular', 'bold'] },
      order: { type: 'string', enum: ['ascending', 'descending'] },
      prefix: { type: 'string' },
    },
    additionalProperties: false,
  }),
};

/** Resolvers of the column kinds' settings schemas. */
export const columnTypeSchemaResolvers: FamilyResolvers = {
  Query: {
    get_column_type_schema: (_source, args) => {
      const found = Object.hasOwn(COLUMN_TYPE_SCHEMAS, args.type) ? COLUMN_TYPE_SCHEMAS[args.type] : undefined;
      if (!found) notModelledArgument('get_column_type_schema(type:)', `the settings schema of ${args.type} columns`);
      return found;
    },
  },
};

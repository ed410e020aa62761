/**
 * `get_column_type_schema` in the engine, against the "Get column type schema" section of each column type's page
 * (https://developer.monday.com/api-reference/reference/status and the checkbox, dropdown, numbers and auto-number-1
 * pages): the
 * documented structure, wrapped in `schema`; kinds without a documented schema answer NOT_MODELLED.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { checkJsonSchema, type JsonSchema } from '../../../src/engine/json-schema-check.js';
import { dataField, errorCodes, run } from '../../engine-helpers.js';

const QUERY = 'query ($type: ColumnType!) { get_column_type_schema(type: $type) }';

async function schemaOf(type: string): Promise<JsonSchema> {
  const body = await run(createEngine(), QUERY, { version: '2026-10', variables: { type } });
  return (JSON.parse(dataField<string>(body, 'get_column_type_schema')) as { schema: JsonSchema }).schema;
}

describe('get_column_type_schema', () => {
  it('answers the status settings schema with every colour of the published enum', async () => {
    const schema = await schemaOf('status');
    expect(schema).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' });
    const settings = (schema.properties as Record<string, JsonSchema>).settings as JsonSchema;
    expect(settings.required).toEqual(['labels']);
    const good = { labels: [{ label: 'Shipped', color: 'done_green', index: 0, is_done: true }] };
    expect(checkJsonSchema(good, settings)).toEqual([]);
    expect(checkJsonSchema({ labels: [{ label: 'x'.repeat(31), color: 'mauve', index: 40 }] }, settings)).toEqual([
      'value.labels[0].label must be at most 30 characters',
      'value.labels[0].color must match exactly one of 2 forms',
      'value.labels[0].index must be at most 39',
    ]);
    const many = {
      labels: Array.from({ length: 41 }, (_, index) => ({ label: `L${index}`, color: 1, index: index % 40 })),
    };
    expect(checkJsonSchema(many, settings)).toEqual(['value.labels must have at most 40 entries']);
  });

  it('answers the checkbox, dropdown and numbers schemas', async () => {
    expect(await schemaOf('checkbox')).toMatchObject({
      properties: { settings: { properties: { color: { type: 'string' }, hide_footer: { type: 'boolean' } } } },
    });
    expect(await schemaOf('dropdown')).toMatchObject({ properties: { settings: { required: ['labels'] } } });
    expect(await schemaOf('numbers')).toMatchObject({
      properties: {
        settings: { properties: { unit: { properties: { precision: { enum: [-1, 0, 1, 2, 3, 4, 5] } } } } },
      },
    });
  });

  it('answers the auto number schema, whose settings are all optional and closed', async () => {
    const schema = await schemaOf('auto_number');
    const settings = (schema.properties as Record<string, JsonSchema>).settings as JsonSchema;
    const documented = { scope: 'board', prefix: 'TASK-', order: 'ascending', font: 'bold', color: '#e2445c' };
    expect(checkJsonSchema(documented, settings)).toEqual([]);
    expect(checkJsonSchema({}, settings)).toEqual([]);
    expect(checkJsonSchema({ scope: 'item', color: '#e2445', digits: 3 }, settings).length).toBe(3);
  });

  it('answers NOT_MODELLED for a kind whose schema the emulator does not hold', async () => {
    const body = await run(createEngine(), QUERY, { version: '2026-10', variables: { type: 'mirror' } });
    expect(errorCodes(body)).toEqual(['NOT_MODELLED']);
  });
});

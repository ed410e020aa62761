import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import { dataField, run } from '../engine-helpers.js';

describe('probe', () => {
  it('constructor id', async () => {
    const engine = createEngine();
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const made = await run(engine, `mutation { create_column(board_id: 3001, title: "T ${id}", column_type: text, id: "${id}") { id } }`);
      console.log(JSON.stringify(made));
    }
    const item = await run(engine, `mutation { create_item(board_id: 3001, item_name: "x") { id column_values(ids: ["constructor","__proto__","toString","hasOwnProperty"]) { id text value } } }`);
    console.log(JSON.stringify(item));
    const q = await run(engine, `{ boards(ids: 3001) { items_page(limit: 100, query_params: { rules: [{ column_id: "constructor", compare_value: [], operator: is_empty }] }) { items { id } } } }`);
    console.log(JSON.stringify(q).slice(0, 500));
  });
});

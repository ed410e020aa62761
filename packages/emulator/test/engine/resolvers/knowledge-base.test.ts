/**
 * `knowledge_base_search` in the engine: snippets are the account's doc blocks holding words of the query, best
 * matches first; the AI answer and the similarity score are NOT_MODELLED (the docs describe neither; the rules are in
 * src/engine/resolvers/knowledge-base.ts).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

const SEARCH =
  'query ($q: String!, $limit: Int) { knowledge_base_search(query: $q, limit: $limit) { raw_snippets { id parent_id title text url created_at } } }';

describe('knowledge_base_search', () => {
  it('finds doc blocks by the words of the query, most words first', async () => {
    const engine = createEngine();
    const body = await run(engine, SEARCH, { version: '2026-10', variables: { q: 'How do we work and ship?' } });
    expect(dataField(body, 'knowledge_base_search')).toEqual({
      raw_snippets: [
        {
          id: '00000000-0000-4000-8000-000000007612',
          parent_id: '7601',
          title: 'Team handbook',
          text: 'How we work together.',
          url: 'https://acme.platform.example/docs/7651',
          created_at: '2024-09-02T09:00:00Z',
        },
        expect.objectContaining({ text: 'Ship small, ship often' }),
      ],
    });
    const one = await run(engine, SEARCH, { version: '2026-10', variables: { q: 'work ship', limit: 1 } });
    expect(dataField<{ raw_snippets: unknown[] }>(one, 'knowledge_base_search').raw_snippets).toHaveLength(1);
  });

  it('keeps to the caller account and answers no snippet for words nowhere', async () => {
    const engine = createEngine();
    const globex = await run(engine, SEARCH, { version: '2026-10', variables: { q: 'hammock' }, grant: globexGrant() });
    expect(dataField<{ raw_snippets: { title: string }[] }>(globex, 'knowledge_base_search').raw_snippets).toEqual([
      expect.objectContaining({ title: 'Master plan' }),
    ]);
    const acme = await run(engine, SEARCH, { version: '2026-10', variables: { q: 'hammock' } });
    expect(dataField(acme, 'knowledge_base_search')).toEqual({ raw_snippets: [] });
  });

  it('answers NOT_MODELLED for the AI answer and the distance, and refuses a limit out of range', async () => {
    const engine = createEngine();
    const answer = await run(engine, '{ knowledge_base_search(query: "work") { answer raw_snippets { distance } } }', {
      version: '2026-10',
    });
    expect(errorCodes(answer)).toEqual(['NOT_MODELLED', 'NOT_MODELLED']);
    const limit = await run(engine, SEARCH, { version: '2026-10', variables: { q: 'work', limit: 0 } });
    expect(errorCodes(limit)).toEqual(['INVALID_ARGUMENT']);
  });
});

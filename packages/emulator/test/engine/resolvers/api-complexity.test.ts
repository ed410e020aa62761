/**
 * `complexity` beside a mutation: the same snapshot `Query.complexity` answers, at every served version (the
 * platform added the field to mutations,
 * https://developer.monday.com/api-reference/changelog/added-complexity-field-to-mutations).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, run, SNAPSHOT } from '../../engine-helpers.js';
import { NEWEST_VERSION, OLDEST_VERSION } from '../../published-versions.js';

const CREATE_WITH_COST =
  'mutation ($name: String!) { complexity { before after query reset_in_x_seconds } create_item(board_id: 3001, item_name: $name) { id name } }';
const EXPECTED = {
  before: SNAPSHOT.before,
  after: SNAPSHOT.after,
  query: SNAPSHOT.query,
  reset_in_x_seconds: SNAPSHOT.resetInSeconds,
};

describe('Mutation.complexity', () => {
  it('answers the call’s budget beside the write it accompanies, at the newest and the oldest version', async () => {
    const engine = createEngine();
    for (const version of [NEWEST_VERSION, OLDEST_VERSION]) {
      const body = await run(engine, CREATE_WITH_COST, { version, variables: { name: `Costed ${version}` } });
      expect(body.errors).toBeUndefined();
      expect(dataField(body, 'complexity')).toEqual(EXPECTED);
      expect(dataField(body, 'create_item')).toMatchObject({ name: `Costed ${version}` });
    }
  });

  it('still answers when the write beside it is refused for a missing scope (the cost needs none)', async () => {
    const engine = createEngine();
    const body = await run(engine, CREATE_WITH_COST, {
      version: '2026-10',
      variables: { name: 'Refused' },
      grant: acmeGrant(['boards:read']),
    });
    expect(errorCodes(body)).toEqual(['USER_UNAUTHORIZED']);
    expect(body.data?.complexity).toEqual(EXPECTED);
    expect(body.data?.create_item).toBeNull();
  });

  it('refuses an argument the field does not take, as every unknown argument is refused', async () => {
    const body = await run(createEngine(), 'mutation { complexity(limit: 1) { query } }', { version: '2026-10' });
    expect(errorCodes(body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });
});

/**
 * `Team.created_at` in the engine (2026-10): a new team's creation time on the emulator's clock, the seeded teams'
 * fixed one, null for a team a seed gave none; an unknown team lists nothing (src/engine/resolvers/teams.ts).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { dataField, errorCodes, run } from '../../engine-helpers.js';

const TEAMS = 'query ($ids: [ID!]) { teams(ids: $ids) { id name created_at } }';
const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);

describe('Team.created_at', () => {
  it("answers a new team's creation time on the emulator's clock, and keeps it", async () => {
    let now = NOW;
    const engine = createEngine({ clock: { now: () => now } });
    const created = dataField<{ id: string; created_at: string }>(
      await run(
        engine,
        'mutation { create_team(input: { name: "Support", subscriber_ids: [502] }) { id created_at } }',
        {
          version: '2026-10',
        },
      ),
      'create_team',
    );
    expect(created.created_at).toBe(new Date(NOW).toISOString());
    now += 60_000;
    const read = dataField<{ created_at: string }[]>(
      await run(engine, TEAMS, { version: '2026-10', variables: { ids: [created.id] } }),
      'teams',
    );
    expect(read[0]?.created_at).toBe(new Date(NOW).toISOString());
  });

  it("answers the seeded teams' fixed time, and null for a team a seed gave no time", async () => {
    const engine = createEngine();
    const seeded = dataField<{ id: string; created_at: string }[]>(
      await run(engine, TEAMS, { version: '2026-10', variables: { ids: ['7201', '7202'] } }),
      'teams',
    );
    expect(seeded.map((team) => team.created_at)).toEqual(['2024-09-02T09:00:00Z', '2024-09-02T09:00:00Z']);
    const team = engine.store.teams.find('7202');
    if (team) delete team.createdAt;
    const undated = dataField<{ created_at: string | null }[]>(
      await run(engine, TEAMS, { version: '2026-10', variables: { ids: ['7202'] } }),
      'teams',
    );
    expect(undated[0]?.created_at).toBeNull();
  });

  it('lists nothing for an unknown or foreign team, and is not served before 2026-10', async () => {
    const engine = createEngine();
    expect(
      dataField<unknown[]>(
        await run(engine, TEAMS, { version: '2026-10', variables: { ids: ['999', '7203'] } }),
        'teams',
      ),
    ).toEqual([]);
    expect(errorCodes(await run(engine, TEAMS, { version: '2026-07', variables: { ids: ['7201'] } }))).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
    ]);
  });
});

/**
 * `Overview.kind` over a real socket: moving a dashboard in the hierarchy answers the overview with the dashboard's
 * own kind (the docs do not describe the field; see the rule map of src/engine/resolvers/dashboards.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { askGraphQL, closeTestEmulators, startTestEmulator } from './server-helpers.js';

afterEach(closeTestEmulators);

describe('Overview.kind over HTTP', () => {
  it("answers the dashboard's kind, following a change of it", async () => {
    const emulator = await startTestEmulator();
    const changed = await askGraphQL(
      emulator,
      '2025-10',
      'mutation { update_dashboard(id: 8601, kind: PUBLIC) { kind } }',
    );
    expect(changed.data?.update_dashboard).toEqual({ kind: 'PUBLIC' });
    const moved = await askGraphQL(
      emulator,
      '2025-10',
      'mutation { update_overview_hierarchy(overview_id: 8601, attributes: { workspace_id: 7002 }) { overview { id kind } } }',
    );
    expect(moved.errors).toBeUndefined();
    expect(moved.data?.update_overview_hierarchy).toEqual({ overview: { id: '8601', kind: 'PUBLIC' } });
  });
});

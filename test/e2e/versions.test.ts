/**
 * API versions made visible, against the real emulator over a socket: a routed version and a deprecated field reach
 * `ApiResult.warnings` and the `onWarning` hook without failing the call; `apiVersionStatus` reports which version
 * answered and its state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiWarning, apiVersionStatus, type WarningEvent } from '../../src/index.js';
import { clientFor, closeEmulators, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

/** The emulator's clock: 2026-11-25, when 2026-10 is current and 2024-10 is routed to 2025-04. */
const NOVEMBER_2026 = () => Date.parse('2026-11-25T12:00:00Z');

describe('warnings', () => {
  it('a deprecated version is answered by its route, with a typed warning on the result and the hook', async () => {
    const emulator = await startTestEmulator({ now: NOVEMBER_2026 });
    const events: WarningEvent[] = [];
    const client = clientFor(emulator, { apiVersion: '2024-10', hooks: { onWarning: (event) => events.push(event) } });
    const result = await client.request('query Ids { boards(limit: 1) { id } }');
    expect(result.data.boards).toHaveLength(1);
    expect(result.headers.get('api-version')).toBe('2025-04');
    // The result says both: the version sent and the version that answered.
    expect(result.apiVersion).toBe('2024-10');
    expect(result.answeredApiVersion).toBe('2025-04');
    const expected: ApiWarning = {
      message: expect.stringContaining('2024-10') as unknown as string,
      kind: 'deprecated-version',
      code: 'deprecatedVersion',
      extensions: { code: 'deprecatedVersion', requested_version: '2024-10', answered_version: '2025-04' },
    };
    expect(result.warnings).toEqual([expected]);
    expect(events).toEqual([{ operationName: 'Ids', apiVersion: '2024-10', warning: expected }]);
  });

  it('a deprecated field draws a deprecated-field warning with its path; the data still comes back', async () => {
    const emulator = await startTestEmulator({ now: NOVEMBER_2026 });
    const result = await clientFor(emulator, { apiVersion: '2026-10' }).request(
      'query { boards(limit: 1) { owner { id } } }',
    );
    expect((result.data.boards as { owner: { id: string } }[])[0]?.owner.id).toBeTruthy();
    expect(result.warnings).toEqual([
      expect.objectContaining({
        kind: 'deprecated-field',
        code: 'deprecatedField',
        path: ['query', 'boards', 'owner'],
        locations: [{ line: 1, column: 28 }],
        extensions: { code: 'deprecatedField', typeName: 'Board', fieldName: 'owner' },
      }),
    ]);
  });

  it('the built-in boards call draws no warning at any version: its owner is the creator, as Board.owner was', async () => {
    const emulator = await startTestEmulator({ now: NOVEMBER_2026 });
    for (const apiVersion of ['2025-04', '2025-10', '2026-01', '2026-04', '2026-07', '2026-10'] as const) {
      const client = clientFor(emulator, { apiVersion });
      const result = await client.boards({ limit: 2 });
      expect(result.warnings).toEqual([]);
      const ids = (result.data.boards ?? []).map((board) => board?.id);
      expect(ids.length).toBeGreaterThan(0);
      // The same boards through the deprecated field itself: the same account, board by board.
      const viaOwner = await client.request(
        'query ($ids: [ID!]) { boards(ids: $ids) { id owner { account { slug } } } }',
        {
          ids,
        },
      );
      const slugOf = (boards: unknown) =>
        new Map(
          (boards as { id: string; owner: { account: { slug: string } } }[]).map((b) => [b.id, b.owner.account.slug]),
        );
      expect(slugOf(result.data.boards)).toEqual(slugOf(viaOwner.data.boards));
      expect([...slugOf(result.data.boards).values()].every((slug) => slug.length > 0)).toBe(true);
    }
  });

  it('a hook that throws does not fail the call, and a call without warnings has none', async () => {
    const emulator = await startTestEmulator({ now: NOVEMBER_2026 });
    const onWarning = () => {
      throw new Error('observer failed');
    };
    const routed = clientFor(emulator, { apiVersion: '2031-01', hooks: { onWarning } });
    const result = await routed.request('{ me { id } }');
    expect(result.warnings.map((warning) => warning.kind)).toEqual(['unknown-version']);
    expect((await clientFor(emulator, { apiVersion: '2026-10' }).request('{ me { id } }')).warnings).toEqual([]);
  });
});

describe('apiVersionStatus', () => {
  it('reports the current version as answered by itself', async () => {
    const emulator = await startTestEmulator({ now: NOVEMBER_2026 });
    const status = await apiVersionStatus(clientFor(emulator, { apiVersion: '2026-10' }));
    expect(status).toEqual({
      requested: '2026-10',
      answered: '2026-10',
      kind: 'current',
      displayName: 'Current',
      routed: false,
      warnings: [],
    });
  });

  it('reports a routed version, and the state of the one that answered', async () => {
    const emulator = await startTestEmulator({ now: NOVEMBER_2026 });
    const status = await apiVersionStatus(clientFor(emulator, { apiVersion: '2025-01' }));
    expect(status).toMatchObject({ requested: '2025-01', answered: '2025-04', kind: 'old__maintenance', routed: true });
    expect(status.warnings[0]?.kind).toBe('deprecated-version');
  });

  it('reports the maintenance version as such', async () => {
    const emulator = await startTestEmulator({ now: NOVEMBER_2026 });
    const status = await apiVersionStatus(clientFor(emulator, { apiVersion: '2026-07' }));
    expect(status).toMatchObject({ answered: '2026-07', kind: 'maintenance', routed: false });
  });
});

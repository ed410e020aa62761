/**
 * The version calendar as the emulator runs it, over a socket: the default version and `version`/`versions` follow
 * the emulator's clock; a deprecated version is answered by the version the platform routes it to, an unknown one by
 * the default, each with a warning naming both; deprecated fields draw the platform's `deprecatedField` warning.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLISHED_VERSIONS } from 'workspace-platform-emulator/schemas';
import type { Emulator } from '../src/index.js';
import { BOARDS_QUERY, DEMO_TOKEN, postGraphQL, startTestEmulator } from './server-helpers.js';

async function json(
  res: Response,
): Promise<{ errors?: { extensions?: Record<string, unknown> }[] } & Record<string, unknown>> {
  return (await res.json()) as never;
}

const auth = { authorization: DEMO_TOKEN };
const started: Emulator[] = [];

async function emulatorAt(date: string, options: Parameters<typeof startTestEmulator>[0] = {}): Promise<Emulator> {
  const emulator = await startTestEmulator({ now: () => Date.parse(date), ...options });
  started.push(emulator);
  return emulator;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((emulator) => emulator.close()));
});

interface VersionView {
  value: string;
  kind: string;
  display_name: string;
}

async function versionQuery(emulator: Emulator, version?: string) {
  const headers = version ? { ...auth, 'api-version': version } : auth;
  const res = await postGraphQL(
    emulator,
    { query: '{ version { value kind display_name } versions { value kind } }' },
    headers,
  );
  const body = (await res.json()) as {
    data: { version: VersionView; versions: VersionView[] };
    extensions?: { warnings?: { message: string; extensions: Record<string, unknown> }[] };
  };
  return { res, body };
}

describe('the version calendar on the emulator clock', () => {
  it('answers with the current version when no API-Version is sent, and reports each kind', async () => {
    const emulator = await emulatorAt('2026-11-25T12:00:00Z');
    const { res, body } = await versionQuery(emulator);
    expect(res.headers.get('api-version')).toBe('2026-10');
    expect(emulator.defaultVersion).toBe('2026-10');
    expect(body.data.version).toEqual({ value: '2026-10', kind: 'current', display_name: 'Current' });
    // Every published version out by this day (2027-01, if published, is the release candidate), oldest first.
    const out: string[] = PUBLISHED_VERSIONS.filter((version) => version <= '2027-01');
    expect(body.data.versions.map((version) => version.value)).toEqual(out);
    const kinds = Object.fromEntries(body.data.versions.map((version) => [version.value, version.kind]));
    if (out.includes('2027-01')) expect(kinds['2027-01']).toBe('release_candidate');
    expect(kinds).toMatchObject({
      '2025-04': 'old__maintenance',
      '2025-10': 'old__maintenance',
      '2026-01': 'old__maintenance',
      '2026-04': 'old__maintenance',
      '2026-07': 'maintenance',
      '2026-10': 'current',
    });
    expect(body.extensions?.warnings).toBeUndefined();
  });

  it('moves with the clock: in May 2026 2026-04 is current and 2026-07 the release candidate', async () => {
    const emulator = await emulatorAt('2026-05-10T00:00:00Z');
    const { res, body } = await versionQuery(emulator);
    expect(res.headers.get('api-version')).toBe('2026-04');
    const kinds = Object.fromEntries(body.data.versions.map((v) => [v.value, v.kind]));
    expect(kinds).toEqual({
      '2025-04': 'old__maintenance',
      '2025-10': 'old__maintenance',
      '2026-01': 'maintenance',
      '2026-04': 'current',
      '2026-07': 'release_candidate',
    });
    expect((await versionQuery(emulator, '2026-07')).body.data.version.kind).toBe('release_candidate');
  });
});

describe('deprecated and unknown versions', () => {
  it('routes 2024-10 to 2025-04 from 2026-02-15, with a warning naming both', async () => {
    const emulator = await emulatorAt('2026-03-01T00:00:00Z');
    const { res, body } = await versionQuery(emulator, '2024-10');
    expect(res.status).toBe(200);
    expect(res.headers.get('api-version')).toBe('2025-04');
    expect(body.data.version.value).toBe('2025-04');
    expect(body.extensions?.warnings).toEqual([
      {
        message: expect.stringMatching(/2024-10.*deprecated.*2025-04/),
        extensions: { code: 'deprecatedVersion', requested_version: '2024-10', answered_version: '2025-04' },
      },
    ]);
    expect(emulator.requests.at(-1)?.version).toBe('2025-04');
  });

  it('routes 2024-07 through 2024-10 to 2025-04, following the announced chain', async () => {
    const emulator = await emulatorAt('2026-03-01T00:00:00Z');
    const { res, body } = await versionQuery(emulator, '2024-07');
    expect(res.headers.get('api-version')).toBe('2025-04');
    expect(body.extensions?.warnings?.[0]?.extensions).toMatchObject({ answered_version: '2025-04' });
  });

  it('answers an unknown or malformed version with the current one, with a warning', async () => {
    const emulator = await emulatorAt('2026-11-25T12:00:00Z');
    for (const requested of ['2031-01', 'latest']) {
      const { res, body } = await versionQuery(emulator, requested);
      expect(res.headers.get('api-version')).toBe('2026-10');
      expect(body.extensions?.warnings?.[0]?.extensions).toEqual({
        code: 'unsupportedVersion',
        requested_version: requested,
        answered_version: '2026-10',
      });
    }
  });

  it('refuses both with 400 when versionRouting is refuse', async () => {
    const emulator = await emulatorAt('2026-11-25T12:00:00Z', { versionRouting: 'refuse' });
    for (const requested of ['2024-10', '2031-01']) {
      const res = await postGraphQL(emulator, { query: BOARDS_QUERY }, { ...auth, 'api-version': requested });
      expect(res.status).toBe(400);
      expect((await json(res)).errors?.[0]?.extensions?.code).toBe('UNSUPPORTED_API_VERSION');
    }
  });

  it('refuses an unknown versionRouting at start', async () => {
    await expect(startTestEmulator({ versionRouting: 'lenient' as 'route' })).rejects.toThrow(/versionRouting/);
  });
});

describe('deprecated fields', () => {
  it('draws a deprecatedField warning in the platform shape, and the data still comes back', async () => {
    const emulator = await emulatorAt('2026-11-25T12:00:00Z');
    const query = '{\n  boards(limit: 1) {\n    id\n    owner { id }\n  }\n}';
    const res = await postGraphQL(emulator, { query }, { ...auth, 'api-version': '2025-04' });
    const body = (await res.json()) as {
      data: { boards: { id: string; owner: { id: string } }[] };
      extensions: { warnings: unknown[] };
    };
    expect(body.data.boards[0]?.owner.id).toBeTruthy();
    expect(body.extensions.warnings).toEqual([
      {
        message: expect.stringContaining('Board.owner is deprecated'),
        locations: [{ line: 4, column: 5 }],
        path: ['query', 'boards', 'owner'],
        extensions: { code: 'deprecatedField', typeName: 'Board', fieldName: 'owner' },
      },
    ]);
  });
});

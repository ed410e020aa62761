/**
 * Codegen is strict about versions: a version the platform has not published is refused with the published list
 * (exit 2, a usage error), whatever the schema source; a retired one is generated for the version the platform
 * answers it with (2024-10 and 2025-01 by 2025-04 since 2026-02-15: the changelog's "Deprecating versions 2025-01
 * and 2024-10 on February 15th, 2026"), said so and labelled so. `--upgrade-to` tells changes that break a client
 * from changes a reader cannot notice, and exits 1 only for the first. The same for `platformCodegenConfig`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_VERSIONS, publishedSdl } from 'workspace-platform-emulator/schemas';
import { platformCodegenConfig } from '../src/config.js';
import { app, codegen } from './scratch-app.js';

const ME = 'query Me {\n  me {\n    id\n    name\n  }\n}\n';
const PUBLISHED_LIST = PUBLISHED_VERSIONS.join(', ');
/** A version of the platform's form that is not published: a year after the newest published one. */
const NEWEST = PUBLISHED_VERSIONS[PUBLISHED_VERSIONS.length - 1] as string;
const UNPUBLISHED = `${Number(NEWEST.slice(0, 4)) + 1}${NEWEST.slice(4)}`;

describe('--api-version', () => {
  it('refuses an unpublished version with the published ones, exit 2, whatever the source', async () => {
    const dir = app({ 'src/me.graphql': ME });
    const args = ['--documents', 'src/*.graphql', '--output', 'out.ts', '--api-version', UNPUBLISHED];
    const offline = await codegen(dir, args);
    expect(offline.code).toBe(2);
    expect(offline.err).toContain(`API version ${UNPUBLISHED} is not published`);
    expect(offline.err).toContain(PUBLISHED_LIST);
    // Refused before any fetch: the host here answers nothing.
    const remote = await codegen(dir, args, { WORKSPACE_PLATFORM_BASE_URL: 'http://127.0.0.1:9' });
    expect(remote.code).toBe(2);
    expect(remote.err).toContain(`API version ${UNPUBLISHED} is not published`);
  }, 30_000);

  it('generates a retired version for the version that answers it, and says so', async () => {
    const dir = app({ 'src/me.graphql': ME });
    const result = await codegen(dir, [
      '--documents',
      'src/*.graphql',
      '--output',
      'out.ts',
      '--api-version',
      '2024-10',
    ]);
    expect(result.code).toBe(0);
    expect(result.err).toContain('API version 2024-10 is retired');
    expect(result.err).toContain('answered by 2025-04');
    expect(result.out).toContain('API version 2025-04');
    const generated = readFileSync(join(dir, 'out.ts'), 'utf8');
    expect(generated).toContain('{"apiVersion":"2025-04"}');
    expect(generated).not.toContain('2024-10');
  }, 30_000);

  it('--print-schema and --upgrade-to refuse an unpublished version too', async () => {
    const dir = app({ 'src/me.graphql': ME });
    const printed = await codegen(dir, ['--print-schema', 'schema.graphql', '--api-version', UNPUBLISHED]);
    expect(printed.code).toBe(2);
    expect(printed.err).toContain(PUBLISHED_LIST);
    const upgrade = await codegen(dir, ['--documents', 'src/*.graphql', '--upgrade-to', UNPUBLISHED]);
    expect(upgrade.code).toBe(2);
    expect(upgrade.err).toContain(`API version ${UNPUBLISHED} is not published`);
  });
});

// 2026-04 → 2026-07: Query.users [User] → [User!] and User.title String → String! (a reader gets no less);
// User.created_at Date → ISO8601DateTime! (another type: a reader's code breaks).
const SAFE = 'query Team {\n  users(limit: 5) {\n    id\n    title\n  }\n}\n';
const BREAKING = 'query Joined {\n  me {\n    created_at\n  }\n}\n';

describe('--upgrade-to', () => {
  const upgrade = (dir: string) =>
    codegen(dir, ['--documents', 'src/*.graphql', '--api-version', '2026-04', '--upgrade-to', '2026-07']);

  it('lists changes that cannot break a reader as safe, and exits 0 when there is nothing else', async () => {
    const result = await upgrade(app({ 'src/team.graphql': SAFE }));
    expect(result.code).toBe(0);
    expect(result.out).toContain('src/team.graphql:2:3: safe: Query.users changed type from [User] to [User!]');
    expect(result.out).toContain('src/team.graphql:4:5: safe: User.title changed type from String to String!');
    expect(result.out).toContain('2 change(s) that cannot break a client');
    expect(result.err).toBe('');
  }, 30_000);

  it('lists breaking changes apart, and exits 1 for them', async () => {
    const result = await upgrade(app({ 'src/team.graphql': SAFE, 'src/joined.graphql': BREAKING }));
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      'src/joined.graphql:3:5: breaking: User.created_at changed type from Date to ISO8601DateTime! in 2026-07',
    );
    expect(result.err).not.toContain('safe:');
    expect(result.out).toContain('safe: Query.users');
    expect(result.err).toContain('breaks 1 place(s) in 1 of 2 file(s)');
  }, 30_000);
});

describe('platformCodegenConfig', () => {
  const options = { documents: 'src/*.graphql', output: 'out.ts' };

  it('refuses an unpublished version, naming the published ones', () => {
    expect(() => platformCodegenConfig({ ...options, apiVersion: UNPUBLISHED })).toThrow(RangeError);
    expect(() => platformCodegenConfig({ ...options, apiVersion: UNPUBLISHED })).toThrow(PUBLISHED_LIST);
  });

  it('generates a retired version for the version that answers it', () => {
    const config = platformCodegenConfig({ ...options, apiVersion: '2024-10' });
    expect(config.generates['out.ts']?.config.apiVersion).toBe('2025-04');
    expect(config.schema).toEqual([publishedSdl('2025-04')]);
  });
});

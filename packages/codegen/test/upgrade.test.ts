/**
 * `workspace-platform-codegen --upgrade-to` and `--print-schema` (packages/codegen/src/upgrade.ts), in-process and offline
 * (the built-in emulator serves every published version): a document using a published breaking change of the move is
 * listed by file and line with exit 1; a document the move does not touch passes with exit 0.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedSdl } from 'workspace-platform-emulator/schemas';
import { app, codegen } from './scratch-app.js';

// User.is_admin and Mutation.update_form_tag were removed in 2026-10; Query.template_installation_status changed type.
const BROKEN = `query Admins {
  users(limit: 5) {
    id
    is_admin
  }
}
`;
const UNTOUCHED = `query Me {
  me {
    id
    name
  }
}
`;
// User.created_at changed from Date to ISO8601DateTime! in 2026-07.
const CREATED = `query Joined {
  me {
    created_at
  }
}
`;

describe('--upgrade-to', () => {
  it('lists, per file and line, a field 2026-10 removed, and exits 1', async () => {
    const dir = app({ 'src/admins.graphql': BROKEN, 'src/me.graphql': UNTOUCHED });
    const result = await codegen(dir, [
      '--documents',
      'src/*.graphql',
      '--api-version',
      '2026-07',
      '--upgrade-to',
      '2026-10',
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('src/admins.graphql:4:5: breaking: Cannot query field "is_admin" on type "User".');
    expect(result.err).not.toContain('src/me.graphql');
    expect(result.err).toContain('moving from 2026-07 to 2026-10 breaks 1 place(s) in 1 of 2 file(s)');
  }, 30_000);

  it('passes documents the move does not touch, with exit 0', async () => {
    const dir = app({ 'src/me.graphql': UNTOUCHED });
    const result = await codegen(dir, [
      '--documents',
      'src/*.graphql',
      '--api-version',
      '2026-07',
      '--upgrade-to',
      '2026-10',
    ]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain('all 1 file(s) work unchanged on API version 2026-10 (from 2026-07)');
  }, 30_000);

  it('lists a changed output type, which validation alone would not catch', async () => {
    const dir = app({ 'src/joined.graphql': CREATED });
    const result = await codegen(dir, [
      '--documents',
      'src/*.graphql',
      '--api-version',
      '2026-04',
      '--upgrade-to',
      '2026-07',
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      'src/joined.graphql:3:5: breaking: User.created_at changed type from Date to ISO8601DateTime! in 2026-07',
    );
  }, 30_000);

  it('refuses a version that is not a quarter month, or an upgrade without documents', async () => {
    const dir = app({});
    expect((await codegen(dir, ['--documents', 'x', '--upgrade-to', '2026-11'])).err).toContain(
      '--upgrade-to must be YYYY-MM with a quarter month',
    );
    expect(await codegen(dir, ['--upgrade-to', '2026-10'])).toMatchObject({ code: 2 });
  });
});

describe('--print-schema', () => {
  it('writes the SDL of the chosen version', async () => {
    const dir = app({});
    const result = await codegen(dir, ['--print-schema', 'schema/platform.graphql', '--api-version', '2026-07']);
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, 'schema/platform.graphql'), 'utf8')).toBe(`${publishedSdl('2026-07')}\n`);
  }, 30_000);

  it('refuses --output beside it naming the flags the user passed, not --upgrade-to', async () => {
    const dir = app({});
    const result = await codegen(dir, ['--print-schema', 'schema/platform.graphql', '--output', 'x.ts']);
    expect(result.code).toBe(2);
    expect(result.err).toContain("Unknown option '--output'");
    expect(result.err).toContain('--print-schema takes --api-version');
    expect(result.err).not.toContain('--upgrade-to takes');
  });

  it('still names --upgrade-to when the user passed it', async () => {
    const dir = app({});
    const result = await codegen(dir, ['--documents', 'x', '--upgrade-to', '2026-10', '--output', 'x.ts']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('--upgrade-to takes --documents and --api-version only');
  });
});

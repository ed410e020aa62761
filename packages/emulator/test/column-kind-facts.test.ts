/**
 * The emulator states its own facts about column kinds (packages/emulator/src/engine/column-kinds/kinds.ts) instead of
 * taking the SDK's, so that a mistake in one list shows here as a disagreement rather than passing every test that
 * runs the SDK against the emulator: which kinds exist (the schema's `ColumnType` enum) and which an import takes.
 */
import { buildSchema, isEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_VERSIONS, publishedSdl } from 'workspace-platform-emulator/schemas';
import { COLUMN_KINDS as SDK_COLUMN_KINDS } from 'workspace-platform-sdk';
import { IMPORTABLE_COLUMN_KINDS as SDK_IMPORTABLE_COLUMN_KINDS } from 'workspace-platform-sdk/bulk';
import { COLUMN_KIND_TABLE } from '../src/engine/column-kinds/index.js';
import { COLUMN_KINDS, IMPORTABLE_COLUMN_KINDS } from '../src/engine/column-kinds/kinds.js';

const sorted = (list: readonly string[]) => [...list].sort();

describe("the emulator's column kinds", () => {
  it("are the newest served schema's ColumnType enum, and the SDK's", () => {
    const newest = PUBLISHED_VERSIONS[PUBLISHED_VERSIONS.length - 1] as (typeof PUBLISHED_VERSIONS)[number];
    const columnType = buildSchema(publishedSdl(newest), { assumeValidSDL: true }).getType('ColumnType');
    if (!isEnumType(columnType)) throw new Error('the newest schema has no ColumnType enum');
    const schemaKinds = columnType.getValues().map((value) => value.name);
    expect(sorted(COLUMN_KINDS)).toEqual(sorted(schemaKinds));
    expect(sorted(SDK_COLUMN_KINDS)).toEqual(sorted(COLUMN_KINDS));
  });

  it('each have exactly one entry in the kind table', () => {
    expect(sorted(Object.keys(COLUMN_KIND_TABLE))).toEqual(sorted(COLUMN_KINDS));
  });

  it("that an import takes are the SDK's, and each is a kind", () => {
    expect(sorted(SDK_IMPORTABLE_COLUMN_KINDS)).toEqual(sorted(IMPORTABLE_COLUMN_KINDS));
    for (const kind of IMPORTABLE_COLUMN_KINDS) expect(COLUMN_KINDS).toContain(kind);
  });
});

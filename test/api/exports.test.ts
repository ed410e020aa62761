/**
 * The public API, checked on the built entries (`npm test` builds before it runs the tests): the
 * exported names match the committed report `api/exports.md`, what the declarations promise exists at
 * run time, and internals stay out. After an intended change to the exports, run `npm run api:report`
 * and commit the new report.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, committedReport, ENTRIES, exportedNames } from '../../scripts/api-report.js';

const UPDATE_HINT =
  'The public exports changed: run `npm run api:report` and commit api/exports.md if the change is intended.';

describe('the public API of the built entries', () => {
  it('matches the committed report, api/exports.md', () => {
    expect(buildReport(), UPDATE_HINT).toBe(committedReport());
  });

  it.each(ENTRIES)(
    '$specifier: every value its declarations export exists at run time, and nothing more',
    async (entry) => {
      const declared = exportedNames(entry.declarations)
        .filter(({ kind, typeOnly }) => !typeOnly && kind !== 'type' && kind !== 'interface')
        .map(({ name }) => name);
      const loaded = await import(new URL(`../../${entry.module}`, import.meta.url).href);
      expect(Object.keys(loaded).sort()).toEqual(declared.sort());
    },
  );

  it('the main entry exports no codegen helpers or internals', () => {
    const names = exportedNames('dist/index.d.ts').map(({ name }) => name);
    for (const internal of [
      'Incremental',
      'Exact',
      'InputMaybe',
      'Scalars',
      'MakeOptional',
      'executeOperation',
      'createResponseError',
    ]) {
      expect(names).not.toContain(internal);
    }
  });

  it("the emulator entry exports what a user needs (the store's type included), not the engine's internals", () => {
    const names = exportedNames('packages/emulator/dist/index.d.ts').map(({ name }) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'startEmulator',
        'Emulator',
        'EmulatorOptions',
        'EmulatorStore',
        'FaultRule',
        'DEMO_TOKEN',
      ]),
    );
    for (const internal of [
      'Engine',
      'GraphQLEngine',
      'PreparedOperation',
      'StoreOf',
      'ResolvedLimits',
      'EngineRequest',
      'createEngine',
      'RunningEmulator',
    ]) {
      expect(names).not.toContain(internal);
    }
  });
});

/**
 * `npm run codegen`: regenerates generated/ from the schema of the pinned API version, through graphql-codegen's
 * own command and the configuration in codegen.ts (`platformCodegenConfig`, as an app would use it).
 * `npm run codegen:check`: generates in memory and fails if the result differs from the committed generated/.
 * Both also (re)generate the emulator's resolver argument types (packages/emulator/scripts/emulator-resolver-types.ts)
 * and its coverage table (packages/emulator/scripts/coverage.ts, also `npm run emulator:coverage`).
 *
 * The schema comes from WORKSPACE_PLATFORM_BASE_URL when it is set (the real service); otherwise from the
 * emulator built into the package, so the default needs no network.
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import config from '../codegen.js';
import { COVERAGE_FILE, writeCoverage } from '../packages/emulator/scripts/coverage.js';
import {
  RESOLVER_ARGUMENTS_FILE,
  writeResolverArguments,
} from '../packages/emulator/scripts/emulator-resolver-types.js';

const check = process.argv.includes('--check');

async function main(): Promise<void> {
  const outputs = (await generate(config as Parameters<typeof generate>[0], !check)) as {
    filename: string;
    content: string;
  }[];
  const staleArguments = await writeResolverArguments(check);
  const coverage = await writeCoverage(check);
  if (!check) {
    const written = [...outputs.map((o) => o.filename), RESOLVER_ARGUMENTS_FILE, COVERAGE_FILE];
    console.log(`codegen: wrote ${written.map((file) => relative(process.cwd(), file)).join(', ')}`);
    return;
  }
  const stale: string[] = [staleArguments, coverage.stale].filter((file): file is string => file !== undefined);
  for (const { filename, content } of outputs) {
    const committed = await readFile(filename, 'utf8').catch(() => undefined);
    if (committed !== content) stale.push(filename);
  }
  if (stale.length > 0) {
    console.error(`codegen:check: ${stale.join(', ')} differ from what the schema and operations generate.`);
    console.error('Run `npm run codegen` and commit the result.');
    process.exit(1);
  }
  console.log(`codegen:check: ${outputs.length + 2} generated file(s) up to date`);
}

main().catch((error: unknown) => {
  console.error('codegen failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});

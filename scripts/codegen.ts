/**
 * `npm run codegen`: regenerates generated/ from the schema of the pinned API version.
 * `npm run codegen:check`: generates in memory and fails if the result differs from the committed generated/.
 *
 * The schema comes from WORKSPACE_PLATFORM_BASE_URL when it is set (the real service); otherwise this script starts
 * the local emulator on an ephemeral port, pulls from it, and stops it.
 */
import { readFile } from 'node:fs/promises';
import { generate } from '@graphql-codegen/cli';
import { BASE_URL_ENV, codegenConfig } from '../codegen.js';
import { startEmulator } from '../src/emulator/index.js';

const check = process.argv.includes('--check');

async function withSchemaSource<T>(run: (baseUrl: string) => Promise<T>): Promise<T> {
  const fromEnv = process.env[BASE_URL_ENV];
  if (fromEnv) return run(fromEnv);
  const emulator = await startEmulator({ port: 0 });
  try {
    return await run(emulator.baseUrl);
  } finally {
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const outputs = await withSchemaSource((baseUrl) => generate(codegenConfig(baseUrl), !check));
  if (!check) {
    console.log(`codegen: wrote ${outputs.map((o: { filename: string }) => o.filename).join(', ')}`);
    return;
  }
  const stale: string[] = [];
  for (const { filename, content } of outputs as { filename: string; content: string }[]) {
    const committed = await readFile(filename, 'utf8').catch(() => undefined);
    if (committed !== content) stale.push(filename);
  }
  if (stale.length > 0) {
    console.error(`codegen:check: ${stale.join(', ')} differ from what the schema and operations generate.`);
    console.error('Run `npm run codegen` and commit the result.');
    process.exit(1);
  }
  console.log(`codegen:check: ${outputs.length} generated file(s) up to date`);
}

main().catch((error: unknown) => {
  console.error('codegen failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});

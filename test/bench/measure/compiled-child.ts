/**
 * A bench child process's script, compiled once per run: the child and the adapters it loads bundled into one
 * JavaScript file in `results/` (beside `clients/`, at the same depth, so the SDK adapter's path to `dist/` resolves
 * as it does from source), packages left as imports. Plain JavaScript, never through the TypeScript loader, whose
 * transform caches would sit in every child's heap.
 */
import { mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
const compiled = new Map<string, Promise<string>>();

/** The path of `source` (a `.ts` file) compiled to JavaScript; compiles it on the first call only. */
export function compiledChild(source: string): Promise<string> {
  let path = compiled.get(source);
  if (!path) {
    const outfile = `${resultsDir}${basename(source, '.ts')}.mjs`;
    path = (async () => {
      mkdirSync(resultsDir, { recursive: true });
      await build({
        entryPoints: [source],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        logLevel: 'silent',
      });
      return outfile;
    })();
    compiled.set(source, path);
  }
  return path;
}

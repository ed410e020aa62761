/** What a browser app ships for one boards call: esbuild bundle, minified, then gzip. */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Sizes of one bundle in bytes. */
export interface BundleSize {
  minifiedBytes: number;
  gzipBytes: number;
}

/** Bundles `entryPath` for the browser (ESM, minified, tree-shaken) and measures it. */
export async function measureBundle(entryPath: string): Promise<BundleSize> {
  const result = await build({
    entryPoints: [entryPath],
    bundle: true,
    minify: true,
    treeShaking: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced no output for ${entryPath}`);
  return { minifiedBytes: output.contents.length, gzipBytes: gzipSync(output.contents, { level: 9 }).length };
}

/**
 * What a browser app ships for one boards call: esbuild bundle, minified, then gzip. Measured as the size guard
 * (`.size-limit.cjs`) measures it: code the SDK loads with `import()` on demand (the AST printer, the upload form, the
 * error factory) stays out, as an app bundler that splits code puts it in a chunk fetched only by a call that needs
 * it. Two other shapes are measured beside it, since an app's bundler decides which one it ships: split into chunks
 * (the entry and every chunk it imports up front, each gzipped on its own: what such an app loads before its first
 * call), and one file with every on-demand module inlined (a bundler that does not split).
 */

import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, type BuildResult, build, type Metafile, type Plugin } from 'esbuild';

/** Leaves dynamic imports out of the bundle (they become separate chunks in a splitting app bundler). */
const onDemandChunks: Plugin = {
  name: 'on-demand-chunks',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};

/** Sizes of one bundle in bytes. */
export interface BundleSize {
  minifiedBytes: number;
  gzipBytes: number;
  /** Split into chunks: the entry and the chunks it imports up front, each gzipped on its own, summed. */
  splitGzipBytes: number;
  /** One file with the on-demand modules inlined. */
  oneFileGzipBytes: number;
}

const gzipped = (bytes: Uint8Array): number => gzipSync(bytes, { level: 9 }).length;

/** Bundles `entryPath` for the browser (ESM, minified, tree-shaken) in the three shapes and measures each. */
export async function measureBundle(entryPath: string): Promise<BundleSize> {
  const options: BuildOptions = {
    entryPoints: [entryPath],
    bundle: true,
    minify: true,
    treeShaking: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    // The built package as an app installs it: esbuild reads no tsconfig.json for files under node_modules, while
    // ours (strict) would add a "use strict" to every module esbuild wraps for lazy initialisation.
    tsconfigRaw: {},
  };
  const [measured, oneFile, split] = await Promise.all([
    build({ ...options, plugins: [onDemandChunks] }),
    build(options),
    build({ ...options, splitting: true, outdir: 'split', metafile: true }),
  ]);
  const output = measured.outputFiles?.[0];
  const single = oneFile.outputFiles?.[0];
  if (!output || !single) throw new Error(`esbuild produced no output for ${entryPath}`);
  return {
    minifiedBytes: output.contents.length,
    gzipBytes: gzipped(output.contents),
    splitGzipBytes: upFrontGzipBytes(split, entryPath),
    oneFileGzipBytes: gzipped(single.contents),
  };
}

/** The gzipped bytes of a split build's entry and of every chunk it imports statically, each file on its own. */
function upFrontGzipBytes(result: BuildResult & { metafile: Metafile }, entryPath: string): number {
  const outputs = result.metafile.outputs;
  const files = new Map(result.outputFiles?.map((file) => [relative(process.cwd(), file.path), file.contents]));
  const upFront = new Set<string>();
  const visit = (path: string): void => {
    if (upFront.has(path)) return;
    upFront.add(path);
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  // (An on-demand chunk is an entry point of the split build too: only the app's own entry is visited.)
  const entry = relative(process.cwd(), entryPath);
  for (const [path, output] of Object.entries(outputs)) if (output.entryPoint === entry) visit(path);
  if (upFront.size === 0) throw new Error(`esbuild wrote no chunk for ${entryPath}`);
  let total = 0;
  for (const path of upFront) {
    const contents = files.get(path);
    if (!contents) throw new Error(`esbuild wrote no ${path}`);
    total += gzipped(contents);
  }
  return total;
}

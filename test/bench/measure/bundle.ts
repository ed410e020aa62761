/**
 * What a browser app ships for one boards call: esbuild bundle, minified, then gzip. Measured as the size guard
 * (`.size-limit.cjs`) measures it: code the SDK loads with `import()` on demand (the AST printer, the upload form)
 * stays out, as an app bundler that splits code puts it in a chunk fetched only by a call that needs it.
 */
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

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
    plugins: [onDemandChunks],
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced no output for ${entryPath}`);
  return { minifiedBytes: output.contents.length, gzipBytes: gzipSync(output.contents, { level: 9 }).length };
}

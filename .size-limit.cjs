// Size guard, run by `npm test` after `npm run build`: a bundle that grows past its limit fails CI.
// Each check is bundled by esbuild for the browser (ESM, minified, tree-shaken, dependencies
// included) and measured gzipped, the same way `npm run bench` measures its bundle column.
// 1 kB here is 1000 bytes. Limits sit about 10% above the measured sizes (15.82 kB and 21.86 kB once the
// throttle became cost-aware, re-checked long holds with a probe, and the main entry gained the in-memory
// store and the store-backed throttle), so a real regression fails CI.

/** Browser bundle settings shared by every check. */
function forTheBrowser(config) {
  return { ...config, platform: 'browser', format: 'esm', target: 'es2022' };
}

module.exports = [
  {
    name: 'one boards call in a browser app, everything included (budget: 16 kB)',
    path: 'test/bench/entries/sdk.js',
    limit: '16 kB',
    gzip: true,
    modifyEsbuildConfig: forTheBrowser,
  },
  {
    name: 'the whole main entry, every export kept (dist/index.js)',
    path: 'dist/index.js',
    limit: '24 kB',
    gzip: true,
    modifyEsbuildConfig: forTheBrowser,
  },
];

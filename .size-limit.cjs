// Size guard, run by `npm test` after `npm run build`: a bundle that grows past its limit fails CI.
// Each check is bundled by esbuild for the browser (ESM, minified, tree-shaken, dependencies
// included) and measured gzipped, the same way `npm run bench` measures its bundle column.
// 1 kB here is 1000 bytes. The budget of a boards call is 16 kB. paginate, named network causes, the hardening
// (redirects refused, bodies streamed under a size cap, a timeout watchdog, redacted causes) and the cost-aware
// throttle with its probe took it past that; the client's own List parser (instead of structured-headers) and
// crypto.randomUUID (instead of uuid) took 1.4 kB back: 17.86 kB and 24.48 kB measured then. paginate and getSchema as
// free functions took about 1 kB back from a boards call; the throttle's backlog pacing, hold reasons, throttleState,
// queue timeout and daily limit added about as much; option validation as tables, a token regex for string
// documents, a smaller AST printer and a one-pass upload walk took 0.36 kB back: 17.95 kB and 25.89 kB. With request ids,
// the error classes of common codes, the body pre-scan, API version warnings and the /v2/file upload form merged, a
// boards call measures 19.26 kB; with the column builders, reader and rules too (none in a boards call) the whole
// entry measures 32.49 kB. Limits sit about 3% above those, so a regression fails while the 16 kB budget
// stays the target.

/** Browser bundle settings shared by every check. */
function forTheBrowser(config) {
  return { ...config, platform: 'browser', format: 'esm', target: 'es2022' };
}

module.exports = [
  {
    name: 'one boards call in a browser app, everything included (budget: 16 kB)',
    path: 'test/bench/entries/sdk.js',
    limit: '19.9 kB',
    gzip: true,
    modifyEsbuildConfig: forTheBrowser,
  },
  {
    name: 'the whole main entry, every export kept (dist/index.js)',
    path: 'dist/index.js',
    limit: '33.5 kB',
    gzip: true,
    modifyEsbuildConfig: forTheBrowser,
  },
  {
    // Budget 4 kB: verification, the event types and the duplicate store, for an edge worker.
    name: 'the webhook receiver, every export kept (dist/webhooks/index.js)',
    path: 'dist/webhooks/index.js',
    limit: '4 kB',
    gzip: true,
    modifyEsbuildConfig: forTheBrowser,
  },
];

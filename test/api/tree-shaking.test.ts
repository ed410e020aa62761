/**
 * What an app that never imports OAuth ships: nothing of it. The built main entry is one file, where a bundler keeps
 * any top-level expression it cannot prove free of effects (a `new Set(...)`, a product such as `64 * 1024`), so a
 * module's constants can ride along into a bundle that uses none of its exports. Bundles the size guard's boards
 * call (`test/bench/entries/sdk.js`, from `dist/`: `npm run build`) as `.size-limit.cjs` does, and looks for
 * OAuth's strings, for the error factory's, which a call loads on demand at its first failed response, and for the
 * wording of a throttle refusal, loaded at the first call the throttle would not send. The
 * size guard catches the bytes; this names the cause.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = new URL('../bench/entries/sdk.js', import.meta.url).pathname;

async function boardsCallBundle(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'on-demand-chunks',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /.*/ }, (args) =>
            args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('a boards call bundled from the built package', () => {
  it('carries the client and none of OAuth: no scope list, no token endpoint', async () => {
    const code = await boardsCallBundle();
    // The client is there (its wire names), so the checks below look at a real bundle.
    const has = (text: string) => code.includes(text);
    expect(['api-version', 'idempotency-key'].filter(has)).toEqual(['api-version', 'idempotency-key']);
    expect(['boards:read', 'webhooks:write', 'token endpoint'].filter(has)).toEqual([]);
  });

  it('loads the error factory on demand: its chunk is imported, none of its messages ship', async () => {
    const code = await boardsCallBundle();
    expect(code).toMatch(/import\("\.\/error-factory-[A-Z0-9]+\.js"\)/);
    const factoryMessages = ['the client does not follow redirects', 'Idempotency conflict (409)', 'reset in'];
    expect(factoryMessages.filter((text) => code.includes(text))).toEqual([]);
  });

  it('words a throttle refusal with code loaded on demand: its chunk is imported, none of its messages ship', async () => {
    const code = await boardsCallBundle();
    expect(code).toMatch(/import\("\.\/throttle-refusal-[A-Z0-9]+\.js"\)/);
    const refusalMessages = [
      'Daily call limit reached',
      "in the client's throttle line",
      'a pause the server asked for',
    ];
    expect(refusalMessages.filter((text) => code.includes(text))).toEqual([]);
  });
});

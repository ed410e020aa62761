/**
 * The client entry in a real browser: src/index.ts bundled for the browser (which fails on any Node-only
 * import), loaded by headless Chromium from a page on one origin, calling the emulator on another over CORS.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, type Emulator, startEmulator } from 'workspace-platform-emulator';
import { launchChromium } from './chromium.js';

let browser: Browser;
let emulator: Emulator;
let page: Server;
let pageUrl: string;
let bundle: string;

/** What the page's scenario reports back. */
interface ScenarioOutcome {
  slugs: string[];
  policies: string[];
  minuteQuota?: number;
  itemId: string;
  key: string;
  replayed: boolean;
  replayId: string;
  aborted: string;
}
type RunScenario = (token: string, baseUrl: string) => Promise<ScenarioOutcome>;

/** The page's own module: plain browser JavaScript importing the bundled SDK. */
const SCENARIO = `
import { PlatformClient } from './sdk.js';
window.runScenario = async (token, baseUrl) => {
  const client = new PlatformClient({ token, baseUrl });
  const boards = await client.boards({ limit: 5 });
  const made = await client.createItem({ board_id: '3001', item_name: 'Made in a browser' });
  const replay = await client.createItem(
    { board_id: '3001', item_name: 'Made in a browser' },
    { idempotencyKey: made.idempotencyKey },
  );
  const controller = new AbortController();
  const pending = client.boards({ limit: 1 }, { signal: controller.signal });
  controller.abort();
  const aborted = await pending.then(() => 'resolved', (error) => error.name + ':' + error.aborted);
  return {
    slugs: boards.data.boards.map((board) => board.owner.account.slug),
    policies: Object.keys(boards.rateLimit.policies).sort(),
    minuteQuota: boards.rateLimit.policies.minuteRate?.quota,
    itemId: made.data.create_item.id,
    key: made.idempotencyKey,
    replayed: replay.replayed,
    replayId: replay.data.create_item.id,
    aborted,
  };
};
`;

async function bundleForBrowser(): Promise<string> {
  const result = await build({
    entryPoints: ['src/index.ts'],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no bundle');
  return file.text;
}

beforeAll(async () => {
  bundle = await bundleForBrowser();
  emulator = await startEmulator({ port: 0 });
  page = createServer((req, res) => {
    if (req.url === '/sdk.js' || req.url === '/scenario.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(req.url === '/sdk.js' ? bundle : SCENARIO);
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>sdk</title><script type="module" src="/scenario.js"></script>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await emulator?.close();
  await new Promise((resolve) => page?.close(resolve));
});

describe('the client entry in a browser', () => {
  it('bundles for the browser with no Node-only API in it', () => {
    expect(bundle).not.toMatch(/\bprocess\.(env|version|versions|nextTick)\b/);
    expect(bundle).not.toMatch(/\bBuffer\.(from|alloc|isBuffer)\b/);
    expect(bundle).not.toMatch(/from\s*["']node:/);
  });

  it('runs boards, an idempotent createItem and an abort in Chromium against the emulator', async () => {
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      await tab.goto(pageUrl);
      await tab.waitForFunction(() => 'runScenario' in window);
      const outcome = await tab.evaluate(
        ({ token, baseUrl }) => (window as unknown as { runScenario: RunScenario }).runScenario(token, baseUrl),
        { token: DEMO_TOKEN, baseUrl: emulator.baseUrl },
      );

      expect(outcome.slugs.length).toBeGreaterThan(0);
      expect(new Set(outcome.slugs)).toEqual(new Set(['acme']));
      // Read through CORS: the emulator exposes the rate-limit headers to pages.
      expect(outcome.policies).toEqual(['complexityMinute', 'concurrency', 'minuteRate']);
      expect(outcome.minuteQuota).toBe(emulator.limits.minuteRate.quota);
      expect(outcome.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(outcome.replayed).toBe(true);
      expect(outcome.replayId).toBe(outcome.itemId);
      expect(outcome.aborted).toBe('NetworkError:true');
      const made = emulator.store.items.all().filter((item) => item.name === 'Made in a browser');
      expect(made).toHaveLength(1);
      expect(emulator.stats.executedMutations).toBe(1);
    } finally {
      await context.close();
    }
  });
});

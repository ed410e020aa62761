/**
 * The OAuth flow in a real headless Chromium against the real emulator: a user clicks Approve (or Deny) on the
 * consent page, the app's callback exchanges the code through the SDK and uses the token on /v2.
 * Chromium is Debian's (`npm run browser:install`), driven by playwright-core.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_FACTS, type Emulator, startEmulator } from 'workspace-platform-emulator';
import { GraphQLResponseError, OAuthError, OAuthStateMismatchError } from '../../src/index.js';
import { launchChromium } from './chromium.js';
import { type OAuthDemoApp, type OAuthDemoAppConfig, startOAuthDemoApp } from './oauth-app.js';

const CLIENT_ID = 'browser-test-app';
const CLIENT_SECRET = 'browser-test-secret-7f3a';
const { acme } = DEFAULT_SEED_FACTS.accounts;
const { roadmap, bugs } = DEFAULT_SEED_FACTS.boards;

let browser: Browser;
let emulator: Emulator;
let app: OAuthDemoApp;
let config: OAuthDemoAppConfig;

beforeAll(async () => {
  app = await startOAuthDemoApp();
  emulator = await startEmulator({
    apps: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        name: 'Browser Test App',
        redirectUris: [app.redirectUri],
        scopes: ['me:read', 'boards:read', 'boards:write'],
      },
    ],
  });
  config = {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    authUrl: emulator.authUrl,
    baseUrl: emulator.baseUrl,
    scopes: ['boards:read'],
  };
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await emulator?.close();
  await app?.close();
});

/** Opens the app's /login in a fresh browser context, clicks `button` on the consent page; returns the callback's outcome. */
async function runFlow(button: 'Approve' | 'Deny', appConfig: OAuthDemoAppConfig) {
  app.configure(appConfig);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${app.origin}/login`);
    const consentUrl = new URL(page.url());
    const permissions = await page.locator('#permissions li').allTextContents();
    const callback = app.nextCallback();
    await page.getByRole('button', { name: button }).click();
    const outcome = await callback;
    await page.waitForURL((url) => url.pathname === '/callback');
    return { consentUrl, permissions, outcome, result: await page.locator('#result').textContent(), page: page.url() };
  } finally {
    await context.close();
  }
}

describe('OAuth authorization-code flow in headless Chromium', () => {
  it('Approve: the app gets a token that reads boards but cannot run a mutation it was not granted', async () => {
    const { consentUrl, permissions, outcome, result } = await runFlow('Approve', config);

    expect(consentUrl.pathname).toBe('/oauth2/authorize');
    expect(consentUrl.origin).toBe(emulator.authUrl);
    expect(permissions).toEqual(['boards:read: Read boards data']);
    expect(outcome.error).toBeUndefined();
    expect(result).toBe('Connected');
    expect(outcome.token).toMatchObject({ tokenType: 'Bearer', scopes: ['boards:read'] });
    expect(outcome.boardNames).toEqual(expect.arrayContaining([roadmap.name, bugs.name]));
    expect(new Set(outcome.accountSlugs)).toEqual(new Set([acme.slug]));

    const refused = await outcome.client!.createItem({ board_id: roadmap.id, item_name: 'Should not exist' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(GraphQLResponseError);
    expect((refused as GraphQLResponseError).errors[0]?.extensions?.code).toBe('USER_UNAUTHORIZED');
    const names = (await outcome.client!.boards({ ids: [roadmap.id] })).data;
    expect(names.boards?.[0]?.name).toBe(roadmap.name);
  });

  it('Deny: parseCallback surfaces access_denied and no token is issued', async () => {
    const tokensBefore = emulator.requests.filter((request) => request.path === '/oauth2/token').length;
    const { outcome, result } = await runFlow('Deny', config);

    expect(result).toBe('Not connected');
    expect(outcome.error).toBeInstanceOf(OAuthError);
    expect(outcome.error).not.toBeInstanceOf(OAuthStateMismatchError);
    expect((outcome.error as OAuthError).code).toBe('access_denied');
    expect(outcome.token).toBeUndefined();
    expect(emulator.requests.filter((request) => request.path === '/oauth2/token').length).toBe(tokensBefore);
  });

  it('the {slug}.{account_domain} address works too (Chromium resolves *.localhost to loopback)', async () => {
    const account = { slug: acme.slug, domain: `localhost:${emulator.port}` };
    const { consentUrl, permissions, outcome } = await runFlow('Approve', {
      ...config,
      scopes: ['me:read', 'boards:read'],
      account,
    });

    expect(consentUrl.host).toBe(`${acme.slug}.localhost:${emulator.port}`);
    expect(permissions).toHaveLength(2);
    expect(outcome.error).toBeUndefined();
    expect(outcome.token?.scopes).toEqual(['me:read', 'boards:read']);
    expect(new Set(outcome.accountSlugs)).toEqual(new Set([acme.slug]));
  });
});

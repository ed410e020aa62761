/**
 * A tiny web app that connects to the Workspace Platform with OAuth, as an integrator would write it
 * (the README shows the same handler): `/login` sends the browser to the authorize page with a fresh state kept
 * in a cookie; `/callback` checks the state, exchanges the code and lists the user's boards with the new token.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuthClient, OAuthError, type OAuthToken, PlatformClient, type Scope } from '../../src/index.js';

/** What the app saw on its last callback, for the test to inspect. */
export interface CallbackOutcome {
  token?: OAuthToken;
  client?: PlatformClient;
  boardNames?: string[];
  accountSlugs?: string[];
  error?: unknown;
}

/** The running app. */
export interface OAuthDemoApp {
  origin: string;
  /** `${origin}/callback`: register it with the app before the flow. */
  redirectUri: string;
  /** Points the app at the platform (once the emulator runs and knows this app's redirect URI). */
  configure(config: OAuthDemoAppConfig): void;
  /** Resolves with the outcome of the next callback. */
  nextCallback(): Promise<CallbackOutcome>;
  close(): Promise<void>;
}

/** How the app is registered and where the platform lives. */
export interface OAuthDemoAppConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  baseUrl: string;
  scopes: Scope[];
  /** Use the `{slug}.{account_domain}` authorize address for this account. */
  account?: { slug: string; domain: string };
}

/** Starts the app on an ephemeral port; call `configure` before sending a browser to `/login`. */
export async function startOAuthDemoApp(): Promise<OAuthDemoApp> {
  let settle: ((outcome: CallbackOutcome) => void) | undefined;
  let setup: { config: OAuthDemoAppConfig; oauth: OAuthClient } | undefined;

  const server = createServer((req, res) => {
    if (!setup) res.writeHead(503).end();
    else handle(setup.config, setup.oauth, req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const redirectUri = `${origin}/callback`;

  async function handle(config: OAuthDemoAppConfig, oauth: OAuthClient, req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/login') {
      const account = config.account ? { accountSlug: config.account.slug, accountDomain: config.account.domain } : {};
      const { url: authorizeUrl, state } = oauth.authorizeUrl({ scopes: config.scopes, ...account });
      res.writeHead(302, {
        location: authorizeUrl,
        'set-cookie': `oauth_state=${state}; HttpOnly; SameSite=Lax; Path=/callback; Max-Age=600`,
      });
      res.end();
      return;
    }
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const state = /(?:^|;\s*)oauth_state=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    const outcome: CallbackOutcome = {};
    try {
      const { code } = oauth.parseCallback(url, state);
      outcome.token = await oauth.exchangeCode({ code });
      outcome.client = new PlatformClient({ token: outcome.token.accessToken, baseUrl: config.baseUrl });
      const { data } = await outcome.client.boards({ limit: 10 });
      const boards = (data.boards ?? []).flatMap((board) => (board ? [board] : []));
      outcome.boardNames = boards.map((board) => board.name);
      outcome.accountSlugs = boards.map((board) => board.owner?.account?.slug ?? '');
      const items = boards.map((board) => `<li>${escapeHtml(board.name)}</li>`).join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<h1 id="result">Connected</h1><ul>${items}</ul>`);
    } catch (error) {
      outcome.error = error;
      const code = error instanceof OAuthError ? error.code : 'unexpected_error';
      res.writeHead(error instanceof OAuthError ? 403 : 500, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<h1 id="result">Not connected</h1><p id="code">${escapeHtml(code)}</p>`);
    }
    settle?.(outcome);
  }

  return {
    origin,
    redirectUri,
    configure(config) {
      const { clientId, clientSecret, authUrl } = config;
      setup = { config, oauth: new OAuthClient({ clientId, clientSecret, authUrl, redirectUri }) };
    },
    nextCallback: () =>
      new Promise((resolve) => {
        settle = resolve;
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Test harness: the emulator's OAuth routes mounted alone on a node:http server on an ephemeral port,
 * with a recording token registry, a settable clock, and helpers to walk the flow over real HTTP.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TokenGrant } from '../src/contract.js';
import { createOAuthRoutes, type OAuthAppConfig, type OAuthDirectory } from '../src/oauth/index.js';

/** A running harness. */
export interface OAuthHarness {
  origin: string;
  port: number;
  /** Tokens the routes registered, with their grants. */
  tokens: Map<string, TokenGrant>;
  /** Moves the clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** Starts the OAuth routes on 127.0.0.1 with a port chosen by the system. */
export async function startOAuthHarness(options: {
  apps: readonly OAuthAppConfig[];
  directory?: OAuthDirectory;
  signedInUserId?: number;
}): Promise<OAuthHarness> {
  const tokens = new Map<string, TokenGrant>();
  let clock = Date.UTC(2024, 9, 1);
  const routes = createOAuthRoutes({
    apps: options.apps,
    registerToken: (token, grant) => tokens.set(token, grant),
    now: () => clock,
    ...(options.directory ? { directory: () => options.directory! } : {}),
    ...(options.signedInUserId === undefined ? {} : { signedInUserId: options.signedInUserId }),
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    routes(req, res, url).then(
      (answered) => {
        if (!answered) res.writeHead(404).end();
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    tokens,
    advance: (ms) => {
      clock += ms;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** GETs the authorize endpoint without following redirects. `query` values are set as given. */
export function authorize(harness: OAuthHarness, query: Record<string, string>): Promise<Response> {
  const url = new URL('/oauth2/authorize', harness.origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
  return fetch(url, { redirect: 'manual' });
}

/** GETs a path with a chosen Host header (fetch cannot set Host). */
export function getWithHost(
  harness: OAuthHarness,
  path: string,
  host: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: harness.port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The consent ticket in a consent page. */
export function ticketOf(html: string): string {
  const match = /name="ticket" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no consent ticket in the page');
  return match[1];
}

/** Posts the consent form's decision; resolves to the response (a redirect, or an error page). */
export function decide(
  harness: OAuthHarness,
  ticket: string,
  decision: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return fetch(new URL('/oauth2/consent', harness.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ticket, decision, ...extra }),
    redirect: 'manual',
  });
}

/** Opens the consent page for `query` and approves it; resolves to the callback URL. */
export async function approve(
  harness: OAuthHarness,
  query: Record<string, string>,
  extra: Record<string, string> = {},
): Promise<URL> {
  const page = await authorize(harness, query);
  if (page.status !== 200) throw new Error(`expected the consent page, got ${page.status}`);
  const response = await decide(harness, ticketOf(await page.text()), 'approve', extra);
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(location);
}

/** Posts a form to the token endpoint. */
export function postToken(
  harness: OAuthHarness,
  form: Record<string, string>,
  contentType = 'application/x-www-form-urlencoded',
) {
  return fetch(new URL('/oauth2/token', harness.origin), {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new URLSearchParams(form).toString(),
  });
}

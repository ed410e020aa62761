/**
 * OAuth 2.0 endpoints of the emulator (`GET /oauth2/authorize`, `POST /oauth2/consent`, `POST /oauth2/token`).
 * This is the seam the HTTP server calls for every `/oauth2/` path.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADER } from '../wire.js';
import { handleAuthorize, handleConsent } from './authorize.js';
import { DEFAULT_DIRECTORY, type OAuthContext, resolveApps } from './config.js';
import { AuthorizationCodes, ConsentTickets } from './grants.js';
import { sendJson } from './http.js';
import { CONSENT_PATH } from './pages.js';
import { OAuthRequestQuota } from './rate-limit.js';
import { handleToken } from './token-endpoint.js';

export { MAX_STATE_LENGTH } from './authorize-request.js';
export {
  DEFAULT_DIRECTORY,
  type DirectorySource,
  type OAuthAccount,
  type OAuthAppConfig,
  type OAuthAppVersion,
  type OAuthAppVersionStatus,
  type OAuthContext,
  type OAuthDirectory,
  type OAuthUser,
  storeDirectory,
} from './config.js';
export { CODE_TTL_MS, MAX_CODES, MAX_OPEN_TICKETS, TICKET_TTL_MS } from './grants.js';
export type { OAuthRateLimit } from './rate-limit.js';

/** Handles a request under `/oauth2/`. Resolves true when it answered the request. */
export interface OAuthRoutes {
  (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** Forgets every open consent page, every authorization code (spent or not) and the request quota's counts. */
  reset(): void;
}

/** Builds the OAuth route handler. Throws a TypeError when an app's configuration is invalid. */
export function createOAuthRoutes(context: OAuthContext): OAuthRoutes {
  const apps = resolveApps(context.apps);
  const now = () => context.now();
  const deps = {
    apps,
    directory: context.directory ?? (() => DEFAULT_DIRECTORY),
    signedInUserId: context.signedInUserId,
    tickets: new ConsentTickets(now),
    codes: new AuthorizationCodes(now),
  };
  const routes: Record<
    string,
    { method: string; handle(req: IncomingMessage, res: ServerResponse, url: URL): unknown }
  > = {
    '/oauth2/authorize': { method: 'GET', handle: (req, res, url) => handleAuthorize(deps, req, res, url) },
    [CONSENT_PATH]: { method: 'POST', handle: (req, res) => handleConsent(deps, req, res) },
    '/oauth2/token': {
      method: 'POST',
      handle: (req, res) => handleToken({ apps, codes: deps.codes, registerToken: context.registerToken }, req, res),
    },
  };
  const quota = new OAuthRequestQuota(context.rateLimit ?? {}, now);
  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const refused = quota.arrive(req.socket.remoteAddress ?? 'unknown');
    if (refused) {
      req.resume();
      res.setHeader(HEADER.retryAfter, String(refused.retryAfterSeconds));
      const description = `Too many requests to the OAuth endpoints; retry in ${refused.retryAfterSeconds} s`;
      sendJson(res, 429, { error: 'temporarily_unavailable', error_description: description });
      return true;
    }
    const route = routes[url.pathname];
    if (!route) return false;
    if (req.method !== route.method && !(route.method === 'GET' && req.method === 'HEAD')) {
      req.resume();
      res.setHeader('allow', route.method);
      sendJson(res, 405, { error: 'invalid_request', error_description: `Use ${route.method} on this path` });
      return true;
    }
    await route.handle(req, res, url);
    return true;
  };
  return Object.assign(handle, {
    reset() {
      deps.tickets.clear();
      deps.codes.clear();
      quota.reset();
    },
  });
}

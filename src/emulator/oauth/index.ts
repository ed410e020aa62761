/**
 * OAuth 2.0 endpoints of the emulator (`GET /oauth2/authorize`, `POST /oauth2/token`).
 * This is the seam the HTTP server calls for every `/oauth2/` path; the OAuth work fills it in.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenGrant } from '../contract.js';

/** One app registered with the emulator's OAuth server. */
export interface OAuthAppConfig {
  clientId: string;
  clientSecret: string;
}

/** What the OAuth routes need from the rest of the emulator. */
export interface OAuthContext {
  /** Registered apps. */
  apps: readonly OAuthAppConfig[];
  /** Makes `token` a valid bearer credential on `/v2` with exactly this grant. */
  registerToken(token: string, grant: TokenGrant): void;
  /** Current time in milliseconds (injectable for tests). */
  now(): number;
}

/** Handles a request under `/oauth2/`. Resolves true when it answered the request. */
export type OAuthRoutes = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

/** Builds the OAuth route handler. */
export function createOAuthRoutes(_context: OAuthContext): OAuthRoutes {
  return async () => false;
}

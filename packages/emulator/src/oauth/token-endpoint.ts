/**
 * `POST /oauth2/token`: checks client_id, client_secret, code and redirect_uri, then issues a non-expiring
 * access token that `/v2` accepts with exactly the granted scopes. Errors are OAuth 2.0 JSON; none echoes a secret.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenGrant } from '../contract.js';
import type { ResolvedApp } from './config.js';
import { TOKEN_ERROR_STATUS, type TokenErrorCode } from './errors.js';
import { type AuthorizationCodes, type CodeProblem, randomSecret } from './grants.js';
import { readForm, repeatedNames, sendJson } from './http.js';
import { formatScopeList } from './scope-text.js';

/** What the token endpoint needs. */
export interface TokenDeps {
  apps: ReadonlyMap<string, ResolvedApp>;
  codes: AuthorizationCodes;
  registerToken(token: string, grant: TokenGrant): void;
}

const FIELDS = ['client_id', 'client_secret', 'redirect_uri', 'code'] as const;

const CODE_PROBLEMS: Record<CodeProblem, string> = {
  unknown: 'The authorization code is not valid',
  expired: 'The authorization code has expired',
  used: 'The authorization code was already used',
  foreign: 'The authorization code was issued to another client',
};

/** Answers `POST /oauth2/token`. */
export async function handleToken(deps: TokenDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const fail = (code: TokenErrorCode, description: string) =>
    sendJson(res, TOKEN_ERROR_STATUS[code], { error: code, error_description: description });

  const body = await readForm(req);
  if (!body.ok) return fail('invalid_request', body.problem);
  const { form } = body;
  const grantType = form.get('grant_type');
  if (grantType !== null && grantType !== 'authorization_code') {
    return fail('unsupported_grant_type', 'Only the authorization_code grant is supported');
  }
  const missing = FIELDS.filter((field) => !form.get(field));
  if (missing.length > 0) return fail('invalid_request', `Missing form fields: ${missing.join(', ')}`);
  const repeated = repeatedNames(form, [...FIELDS, 'grant_type']);
  if (repeated.length > 0) return fail('invalid_request', `Form fields given more than once: ${repeated.join(', ')}`);

  const app = deps.apps.get(form.get('client_id')!);
  if (!app || !sameSecret(app.clientSecret, form.get('client_secret')!)) {
    return fail('invalid_client', 'Client authentication failed: unknown client_id or wrong client_secret');
  }
  const code = form.get('code')!;
  const checked = deps.codes.check(code, app.clientId);
  if (!checked.ok) return fail('invalid_grant', CODE_PROBLEMS[checked.problem]);
  if (checked.grant.redirectUri !== form.get('redirect_uri')) {
    return fail('invalid_grant', 'redirect_uri differs from the one of the authorization request');
  }
  deps.codes.redeem(code);

  const accessToken = randomSecret('wpo_');
  const { accountId, userId, scopes } = checked.grant;
  deps.registerToken(accessToken, { kind: 'oauth', accountId, userId, scopes: [...scopes], clientId: app.clientId });
  sendJson(res, 200, { access_token: accessToken, token_type: 'Bearer', scope: formatScopeList(scopes) });
}

/** Compares secrets in constant time (lengths aside). */
function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /oauth2/authorize` (validate, then show the consent page; with `Accept: application/json`, the same consent as
 * JSON, `{ ticket, client_id, scopes, accounts, default_account_id }`, for a test to decide without reading HTML) and `POST /oauth2/consent` (the user's decision:
 * redirect with a code on approval, with `access_denied` on denial). A refusal that cannot be redirected is an error
 * page, or `{ error, error_description }` with the same status when JSON is asked for ({@link showError}).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AuthorizeRequest, validateAuthorize } from './authorize-request.js';
import type { OAuthDirectory, ResolvedApp } from './config.js';
import { AUTHORIZE_ERROR_STATUS, type AuthorizeError, authorizeError, errorRedirectUrl } from './errors.js';
import type { AuthorizationCodes, ConsentTickets } from './grants.js';
import { readForm, sendHtml, sendJson, sendRedirect } from './http.js';
import { consentPage, errorPage } from './pages.js';
import { isSameOriginPost } from './same-origin.js';
import { formatScopeList } from './scope-text.js';

/** What the authorize and consent handlers share. */
export interface AuthorizeDeps {
  apps: ReadonlyMap<string, ResolvedApp>;
  directory(): OAuthDirectory;
  signedInUserId: number | undefined;
  tickets: ConsentTickets;
  codes: AuthorizationCodes;
}

/** Answers `GET /oauth2/authorize`. */
export function handleAuthorize(deps: AuthorizeDeps, req: IncomingMessage, res: ServerResponse, url: URL): void {
  req.resume();
  const outcome = validateAuthorize({
    query: url.searchParams,
    host: req.headers.host,
    apps: deps.apps,
    directory: deps.directory(),
    signedInUserId: deps.signedInUserId,
  });
  if (outcome.ok && wantsJson(req))
    sendJson(res, 200, consentJson(outcome.request, deps.tickets.open(outcome.request)));
  else if (outcome.ok) sendHtml(res, 200, consentPage(outcome.request, deps.tickets.open(outcome.request)));
  else if (outcome.redirectUri === undefined) showError(req, res, outcome.error);
  else sendRedirect(res, errorRedirectUrl(outcome.redirectUri, outcome.error, outcome.state));
}

function wantsJson(req: IncomingMessage): boolean {
  return /^application\/json\b/i.test(req.headers.accept ?? '');
}

/** The consent page's content as JSON: what the decision is about and the ticket to post with it. */
function consentJson(request: AuthorizeRequest, ticket: string): Record<string, unknown> {
  return {
    ticket,
    client_id: request.app.clientId,
    redirect_uri: request.redirectUri,
    scopes: request.scopes,
    user_id: request.user.id,
    accounts: request.accounts.map((account) => ({ id: account.id, slug: account.slug })),
    default_account_id: request.defaultAccountId,
  };
}

/** Answers `POST /oauth2/consent`, the consent form's Approve or Deny. */
export async function handleConsent(deps: AuthorizeDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Checked before the ticket is touched: a forged post neither decides nor spends the user's consent page.
  if (!isSameOriginPost(req.headers)) {
    req.resume();
    return showError(req, res, authorizeError('access_denied', 'The decision was not posted from the consent page'));
  }
  const body = await readForm(req);
  if (!body.ok) return showError(req, res, authorizeError('invalid_request', body.problem));
  const { form } = body;
  const request = deps.tickets.take(form.get('ticket') ?? '');
  if (!request) {
    return showError(
      req,
      res,
      authorizeError('invalid_request', 'This consent page has expired or was already answered'),
    );
  }
  const redirectError = (error: AuthorizeError) =>
    sendRedirect(res, errorRedirectUrl(request.redirectUri, error, request.state));
  const decision = form.get('decision');
  if (decision === 'deny') return redirectError(authorizeError('access_denied', 'The user denied the authorization'));
  if (decision !== 'approve')
    return redirectError(authorizeError('invalid_request', 'The decision must be approve or deny'));

  const accountId = chosenAccount(request, form.get('account_id'));
  if (accountId === undefined) {
    return redirectError(authorizeError('invalid_request', 'The chosen account is not one the user can authorize'));
  }
  const code = deps.codes.issue({
    clientId: request.app.clientId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    accountId,
    userId: request.user.id,
  });
  const target = new URL(request.redirectUri);
  target.searchParams.set('code', code);
  if (request.state !== undefined) target.searchParams.set('state', request.state);
  target.searchParams.set('scope', formatScopeList(request.scopes));
  sendRedirect(res, target.toString());
}

/** The account posted by the form, if it is one offered (always the forced one when `subdomain` was given). */
function chosenAccount(request: AuthorizeRequest, posted: string | null): number | undefined {
  if (request.accountForced) return request.defaultAccountId;
  const id = posted === null ? request.defaultAccountId : Number(posted);
  return request.accounts.some((account) => account.id === id) ? id : undefined;
}

/** The refusal as a page, or as JSON for a caller that asks for it (the testing kit's `oauth.approve`). */
function showError(req: IncomingMessage, res: ServerResponse, error: AuthorizeError): void {
  const status = AUTHORIZE_ERROR_STATUS[error.code];
  if (wantsJson(req)) sendJson(res, status, { error: error.code, error_description: error.description });
  else sendHtml(res, status, errorPage(error));
}

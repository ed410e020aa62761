/**
 * The HTML of the authorize endpoint: the consent page (permissions, account, Approve and Deny)
 * and the error page shown when no redirect is possible. No scripts; every value is escaped.
 */
import type { Scope } from 'workspace-platform-sdk';
import type { AuthorizeRequest } from './authorize-request.js';
import type { AuthorizeError } from './errors.js';
import { escapeHtml } from './http.js';

/** What each scope lets an app do, in the consent page's words. */
const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'me:read': 'Read your basic personal details',
  'boards:read': 'Read boards data',
  'boards:write': 'Modify boards data',
  'workspaces:read': 'Read workspaces data',
  'workspaces:write': 'Modify workspaces data',
  'users:read': "Read data about the account's users",
  'users:write': "Modify the account's users data",
  'account:read': 'Read account information',
  'notifications:write': 'Send notifications to users',
  'updates:read': 'Read updates data',
  'updates:write': 'Modify updates data',
  'assets:read': 'Read information of assets you can access',
  'tags:read': 'Read tags data',
  'teams:read': 'Read teams data',
  'webhooks:write': 'Create new webhooks',
};

/** Path the consent form posts its decision to. */
export const CONSENT_PATH = '/oauth2/consent';

const STYLE =
  'body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}' +
  'li{margin:.3rem 0}code{font-size:.9em}button{font-size:1rem;padding:.4rem 1.2rem;margin-right:.5rem}';

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `<style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

/** The consent page of `request`; its form posts `ticket` back with the decision and the chosen account. */
export function consentPage(request: AuthorizeRequest, ticket: string): string {
  const app = escapeHtml(request.app.name);
  const permissions = request.scopes
    .map((scope) => `<li data-scope="${scope}"><code>${scope}</code>: ${escapeHtml(SCOPE_DESCRIPTIONS[scope])}</li>`)
    .join('');
  const options = request.accounts
    .map((account) => {
      const selected = account.id === request.defaultAccountId ? ' selected' : '';
      return `<option value="${account.id}"${selected}>${escapeHtml(account.name)} (${escapeHtml(account.slug)})</option>`;
    })
    .join('');
  // A disabled select posts nothing, so a forced account travels in a hidden field (the server re-checks it anyway).
  const select = `<select name="account_id" id="account"${request.accountForced ? ' disabled' : ''}>${options}</select>`;
  const forced = request.accountForced
    ? `<input type="hidden" name="account_id" value="${request.defaultAccountId}">`
    : '';
  const version = request.appVersionId === undefined ? '' : `<p>App version ${request.appVersionId}</p>`;
  return page(
    `Authorize ${request.app.name}`,
    `<h1>Authorize ${app}</h1>` +
      `<p>Signed in as <strong id="user">${escapeHtml(request.user.name)}</strong>.</p>` +
      `<p><strong>${app}</strong> asks for these permissions:</p><ul id="permissions">${permissions}</ul>${version}` +
      `<form method="post" action="${CONSENT_PATH}">` +
      `<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">` +
      `<p><label>Account ${select}</label>${forced}</p>` +
      '<p><button type="submit" name="decision" value="approve">Approve</button>' +
      '<button type="submit" name="decision" value="deny">Deny</button></p></form>',
  );
}

/** The page shown instead of a redirect when the client or the redirect URI cannot be trusted. */
export function errorPage(error: AuthorizeError): string {
  return page(
    'Authorization error',
    `<h1>Authorization error</h1><p><code id="error">${error.code}</code></p>` +
      `<p id="error-description">${escapeHtml(error.description)}</p>`,
  );
}

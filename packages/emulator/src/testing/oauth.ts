/**
 * Approving or denying an OAuth consent from a test, over HTTP like a browser would, without reading the consent
 * page's HTML: the emulator answers `GET /oauth2/authorize` with the consent as JSON when asked
 * (`Accept: application/json`), and the decision is posted to `/oauth2/consent` as the page's form would.
 *
 * Rule map (pinned by test/testing/test-emulator.test.ts, "OAuth in code"):
 * - an authorize URL that is not a URL, carries credentials, or is not this emulator's, is an {@link OAuthConfigError}
 *   before any request ({@link emulatorAuthorizeUrl}): a client made without `authUrl: emulator.authUrl` never
 *   reaches the platform
 * - an error redirect of the authorize step resolves, as the browser would land there
 * - a refusal (the emulator's `{ error, error_description }`) is an {@link OAuthError} with its code, description
 *   and status; an answer that is not one is an `invalid_response` OAuthError ({@link refusal}). Neither carries
 *   the authorize URL's query, the consent ticket or a code. No answer at all is a `network_error` OAuthError.
 */
import { OAuthConfigError, OAuthError } from 'workspace-platform-sdk';

/** Options of an approval. */
export interface OAuthApproveOptions {
  /** The account to authorize, among those the consent offers. Default: the preselected one. */
  accountId?: number;
}

const JSON_MEDIA = 'application/json';

/** `authorizeUrl` as a URL on the emulator of `authUrl` (its host, or a subdomain of it or of localhost). */
function emulatorAuthorizeUrl(authUrl: string, authorizeUrl: string | URL): URL {
  let url: URL;
  try {
    url = new URL(authorizeUrl);
  } catch {
    throw new OAuthConfigError('authorizeUrl is not a URL: give the url that OAuthClient.authorizeUrl returns');
  }
  // fetch refuses such a URL with an error that quotes it whole, credentials and query included.
  if (url.username || url.password) {
    throw new OAuthConfigError('authorizeUrl carries credentials: give the url that OAuthClient.authorizeUrl returns');
  }
  const emulator = new URL(authUrl);
  const host = url.hostname;
  const onHost = [emulator.hostname, 'localhost'].some((name) => host === name || host.endsWith(`.${name}`));
  if (url.protocol !== emulator.protocol || url.port !== emulator.port || !onHost) {
    throw new OAuthConfigError(
      `authorizeUrl goes to ${url.origin}, not to this emulator (${emulator.origin}): create the OAuthClient with authUrl: emulator.authUrl`,
    );
  }
  return url;
}

/** `fetch(url, init)`, a failure to get any answer being a `network_error` OAuthError naming `step`. */
async function ask(step: string, url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (cause) {
    throw new OAuthError('network_error', { description: `${step} got no answer from the emulator`, cause });
  }
}

/** The OAuthError of a refused step: the emulator's code and description, or `invalid_response`. */
async function refusal(step: string, response: Response): Promise<OAuthError> {
  const text = await response.text().catch(() => '');
  let body: { error?: unknown; error_description?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  const status = response.status;
  if (typeof body?.error === 'string') {
    const description = typeof body.error_description === 'string' ? body.error_description : `${step} was refused`;
    return new OAuthError(body.error, { description, status });
  }
  return new OAuthError('invalid_response', {
    description: `${step} was answered ${status} without an OAuth error`,
    status,
  });
}

/**
 * Approves or denies the consent of `authorizeUrl`; resolves to the redirect URL (with `code` or `error`).
 * @throws {@link workspace-platform-sdk!OAuthConfigError | OAuthConfigError} when `authorizeUrl` is not a URL of this
 *   emulator.
 * @throws {@link workspace-platform-sdk!OAuthError | OAuthError} when the emulator refuses the authorize request or the
 *   decision
 *   outright, or does not answer.
 */
export async function decideConsent(
  authUrl: string,
  authorizeUrl: string | URL,
  decision: 'approve' | 'deny',
  options: OAuthApproveOptions = {},
): Promise<URL> {
  const target = emulatorAuthorizeUrl(authUrl, authorizeUrl);
  const consent = await ask('The authorize request', target, { headers: { accept: JSON_MEDIA }, redirect: 'manual' });
  const early = consent.headers.get('location');
  if (consent.status >= 300 && consent.status < 400 && early) {
    await consent.body?.cancel();
    return new URL(early);
  }
  if (!consent.ok) throw await refusal('The authorize request', consent);
  const { ticket } = ((await consent.json().catch(() => ({}))) ?? {}) as { ticket?: unknown };
  if (typeof ticket !== 'string') {
    throw new OAuthError('invalid_response', { description: 'The authorize request was answered without a consent' });
  }
  const form = new URLSearchParams({ ticket, decision });
  if (options.accountId !== undefined) form.set('account_id', String(options.accountId));
  const answer = await ask('The consent decision', new URL('/oauth2/consent', authUrl), {
    method: 'POST',
    headers: { accept: JSON_MEDIA },
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (!location) throw await refusal('The consent decision', answer);
  await answer.body?.cancel();
  return new URL(location);
}

/**
 * Approving or denying an OAuth consent from a test, over HTTP like a browser would, without reading the consent
 * page's HTML: the emulator answers `GET /oauth2/authorize` with the consent as JSON when asked
 * (`Accept: application/json`), and the decision is posted to `/oauth2/consent` as the page's form would.
 */

/** Options of an approval. */
export interface OAuthApproveOptions {
  /** The account to authorize, among those the consent offers. Default: the preselected one. */
  accountId?: number;
}

/** Approves or denies the consent of `authorizeUrl`; resolves to the redirect URL (with `code` or `error`). */
export async function decideConsent(
  authUrl: string,
  authorizeUrl: string | URL,
  decision: 'approve' | 'deny',
  options: OAuthApproveOptions = {},
): Promise<URL> {
  const consent = await fetch(authorizeUrl, { headers: { accept: 'application/json' }, redirect: 'manual' });
  const early = consent.headers.get('location');
  if (consent.status >= 300 && consent.status < 400 && early) return new URL(early);
  if (!consent.ok) {
    const text = (await consent.text())
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
    throw new Error(`The authorize request was refused (${consent.status}): ${text}`);
  }
  const { ticket } = (await consent.json()) as { ticket: string };
  const form = new URLSearchParams({ ticket, decision });
  if (options.accountId !== undefined) form.set('account_id', String(options.accountId));
  const answer = await fetch(new URL('/oauth2/consent', authUrl), { method: 'POST', body: form, redirect: 'manual' });
  const location = answer.headers.get('location');
  await answer.body?.cancel();
  if (!location) throw new Error(`The consent decision was refused (${answer.status}).`);
  return new URL(location);
}

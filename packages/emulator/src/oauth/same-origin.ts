/**
 * Whether a consent decision was posted by the consent page itself. A browser names the page that sends a POST in
 * `Origin` (and `Sec-Fetch-Site`); a decision posted from any other site, or from an opaque `null` origin, is refused,
 * so a third-party page cannot approve on the signed-in user's behalf. A client that is no browser sends neither
 * header and cannot be led by another site, so it is let through.
 */

import type { IncomingHttpHeaders } from 'node:http';
import { HEADER } from '../wire.js';

/** True when the request comes from the emulator's own pages (or from no browser at all). */
export function isSameOriginPost(headers: IncomingHttpHeaders): boolean {
  const origin = single(headers.origin);
  const site = single(headers[HEADER.secFetchSite]);
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  if (origin === undefined) return true;
  const host = single(headers.host);
  if (!host || !URL.canParse(origin)) return false;
  const parsed = new URL(origin);
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host === host.toLowerCase();
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

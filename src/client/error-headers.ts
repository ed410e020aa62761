/**
 * The header names the error code reads (every importer takes them from here; ./constants.ts names the rest of the
 * wire): the ones a failed response's error names (read by the on-demand error factory) and the credentials
 * redaction always hides. A leaf of their own: a bundler that inlines the on-demand factory wraps it and all it
 * imports in lazy initialisers, which the many modules importing ./constants.ts would otherwise each pay for.
 */

/** `Authorization: Bearer <token>` on every API call (never on `getSchema`). */
export const AUTHORIZATION = 'authorization';
/** How long the server asks the client to wait: delta-seconds or an HTTP date. */
export const RETRY_AFTER = 'retry-after';
/** Where a redirect points; named in a redirect error, never followed. */
export const LOCATION = 'location';

/** Header names whose values are credentials: redacted whatever they hold. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
  AUTHORIZATION,
  'proxy-authorization',
  'cookie',
  'set-cookie',
]);

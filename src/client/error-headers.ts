/**
 * Header names of ./constants.ts (which re-exports them, the wire named once) that the error code reads: the ones a
 * failed response's error names (read by the on-demand error factory) and the credentials redaction always hides.
 * They are defined in ./errors/redact.ts, a leaf the factory imports anyway: a bundler that inlines the on-demand
 * factory wraps it and every module it imports in lazy initialisers, one per module, which the many modules
 * importing ./constants.ts would otherwise each pay for, and which a leaf of their own would add.
 */
export { AUTHORIZATION, LOCATION, RETRY_AFTER, SECRET_HEADERS } from './errors/redact.js';

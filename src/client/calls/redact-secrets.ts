/**
 * `redactClientSecrets`: the client's own redaction, for text an app (or one of the SDK's other entries) keeps or logs
 * that came from the server: the client's token, in any spelling the server may echo it in, becomes `[REDACTED]`, as
 * in the SDK's own errors. A free function, so a bundle that never calls it leaves it out; and the one way the other
 * entries (bulk jobs) reach the client's redactor, since each built entry has its own copy of internal modules.
 * Pinned by test/unit/redact.test.ts and test/e2e/bulk-import.test.ts.
 */
import type { PlatformClient } from '../client.js';
import { contextOf } from '../client-context.js';

/**
 * `text` with the client's token replaced by `[REDACTED]` wherever it appears: as given, percent-escaped in either
 * case, or JSON-escaped.
 * @throws {@link PlatformConfigError} when `client` is not a `PlatformClient`.
 */
export function redactClientSecrets(client: PlatformClient, text: string): string {
  return contextOf(client).redact(text);
}

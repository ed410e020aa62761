/**
 * The idempotency rule, named once (as stripe-node's `_defaultIdempotencyKey`): a mutation always
 * carries an Idempotency-Key, the caller's or a fresh UUID v4, kept across all its retries; a query
 * never carries one. A call may be sent again when doing so cannot do its work twice.
 */
import type { OperationKind } from './document-scan.js';

/**
 * A random UUID v4: `crypto.randomUUID` where the runtime has it (Node, Deno, Bun, a browser's secure
 * context), else the same built from `crypto.getRandomValues` (a page served over plain HTTP).
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  let id = '';
  bytes.forEach((byte, index) => {
    id += (index === 4 || index === 6 || index === 8 || index === 10 ? '-' : '') + (byte | 256).toString(16).slice(1);
  });
  return id;
}

/** The Idempotency-Key a call is sent with: `given`, or a new UUID v4, for a mutation; none for a query. */
export function idempotencyKeyFor(kind: OperationKind, given: string | undefined): string | undefined {
  return kind === 'mutation' ? (given ?? randomUuid()) : undefined;
}

/** True when sending a call again cannot do its work twice: a query, or a mutation with a key. */
export function isRepeatable(kind: OperationKind, idempotencyKey: string | undefined): boolean {
  return kind !== 'mutation' || idempotencyKey !== undefined;
}

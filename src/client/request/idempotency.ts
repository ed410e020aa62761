/**
 * The idempotency rule, named once (as stripe-node's `_defaultIdempotencyKey`): a mutation always
 * carries an Idempotency-Key, the caller's or a fresh UUID v4, kept across all its retries; a query
 * never carries one. A call may be sent again when doing so cannot do its work twice.
 */
import type { OperationKind } from '../documents/document-scan.js';

/**
 * A random UUID v4: `crypto.randomUUID` where the runtime has it (Node, Deno, Bun, a browser's secure
 * context), else the same built from `crypto.getRandomValues` (a page served over plain HTTP).
 */
export function randomUuid(): string {
  const uuid = crypto.randomUUID?.(); // undefined outside a secure context
  if (uuid) return uuid;
  // Each 0 of the pattern becomes a random hex digit; the 8 a random one of 8-b (the RFC 9562 variant); 4 is the version.
  const random = crypto.getRandomValues(new Uint8Array(31));
  let next = 0;
  return '00000000-0000-4000-8000-000000000000'.replace(/[08]/g, (digit) =>
    (Number(digit) | (random[next++]! & (digit === '8' ? 3 : 15))).toString(16),
  );
}

/** The Idempotency-Key a call is sent with: `given`, or a new UUID v4, for a mutation; none for a query. */
export function idempotencyKeyFor(kind: OperationKind, given: string | undefined): string | undefined {
  return kind === 'mutation' ? (given ?? randomUuid()) : undefined;
}

/** True when sending a call again cannot do its work twice: a query, or a mutation with a key. */
export function isRepeatable(kind: OperationKind, idempotencyKey: string | undefined): boolean {
  return kind !== 'mutation' || idempotencyKey !== undefined;
}

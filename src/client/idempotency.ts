/**
 * The idempotency rule, named once (as stripe-node's `_defaultIdempotencyKey`): a mutation always
 * carries an Idempotency-Key, the caller's or a fresh UUID v4, kept across all its retries; a query
 * never carries one. A call may be sent again when doing so cannot do its work twice.
 */
import { v4 as uuidv4 } from 'uuid';
import type { OperationKind } from './document-scan.js';

/** The Idempotency-Key a call is sent with: `given`, or a new UUID v4, for a mutation; none for a query. */
export function idempotencyKeyFor(kind: OperationKind, given: string | undefined): string | undefined {
  return kind === 'mutation' ? (given ?? uuidv4()) : undefined;
}

/** True when sending a call again cannot do its work twice: a query, or a mutation with a key. */
export function isRepeatable(kind: OperationKind, idempotencyKey: string | undefined): boolean {
  return kind !== 'mutation' || idempotencyKey !== undefined;
}

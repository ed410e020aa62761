/**
 * The one shape naming the call something belongs to: carried by its errors, its abort, its result.
 */

/** Which call an error, an abort or a response belongs to. */
export interface CallLabel {
  operationName?: string;
  /** The call's Idempotency-Key (mutations only). */
  idempotencyKey?: string;
  /** The `API-Version` the call was sent with. */
  apiVersion?: string;
}

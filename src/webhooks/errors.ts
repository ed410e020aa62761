/** The one error verification throws, with the check that failed as a typed `reason`. */

/** Which check refused a webhook request. */
export type WebhookVerificationReason =
  /** The configured signing secret is empty or missing: nothing can be verified, so nothing is accepted. */
  | 'empty-secret'
  /** No `Authorization` header (or an empty one). */
  | 'missing-header'
  /** The token is not a JWT, its claims are not JSON, it has no `exp`, or the body is not the JSON expected. */
  | 'malformed'
  /** The token is signed with another algorithm than HS256. */
  | 'wrong-algorithm'
  /** The signature does not match the signing secret. */
  | 'bad-signature'
  /** `exp` is in the past (beyond the clock skew allowed). */
  | 'expired'
  /** `iat` or `nbf` is in the future (beyond the clock skew allowed). */
  | 'not-yet-valid'
  /** `aud` is not the endpoint configured as `audience`. */
  | 'wrong-audience'
  /**
   * Not raised: the handler no longer refuses a token seen with another event, since the platform's token carries
   * nothing per delivery and two genuine events can share one. Deprecated: never raised; will be removed at 1.0.
   */
  | 'token-reused'
  /** The body is larger than `maxBodyBytes`. */
  | 'too-large'
  /** Not a POST. */
  | 'wrong-method';

/**
 * A webhook request that failed verification. `reason` names the check; the message never contains the secret,
 * the token or the body.
 */
export class WebhookVerificationError extends Error {
  /** The class name, `'WebhookVerificationError'`: a string, so it survives minification. */
  override readonly name = 'WebhookVerificationError';
  /** Which check failed. */
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

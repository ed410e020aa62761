/**
 * `workspace-platform-sdk/webhooks`: receiving the platform's webhooks on any runtime with the Fetch API (Node,
 * Deno, Bun, workerd, framework routes). Web Crypto and `Request`/`Response` only.
 *
 * ```ts
 * const handle = createWebhookHandler({ signingSecret, audience: 'https://app.example.com/webhooks', onEvent });
 * export default { fetch: handle };
 * ```
 *
 * On Node's own server, Express or Connect, `workspace-platform-sdk/webhooks/node` serves the same handler as a
 * `(req, res)` listener. The guarantee and the delivery store: docs/webhooks.md.
 *
 * @packageDocumentation
 * @module workspace-platform-sdk/webhooks
 */
export {
  createMemoryDeliveryStore,
  DEFAULT_CLAIM_LEASE_MS,
  DEFAULT_DUPLICATE_WINDOW_MS,
  type DeliveryClaim,
  type MemoryDeliveryStoreOptions,
  type WebhookDeliveryStore,
} from './deliveries.js';
export { WebhookVerificationError, type WebhookVerificationReason } from './errors.js';

import { PAYLOAD_TYPE_OF as payloadTypes } from './event-types.js';

export {
  isWebhookEventType,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookPayloadType,
  webhookPayloadType,
} from './event-types.js';
export {
  type CreateColumnEvent,
  type CreateItemEvent,
  type CreatePulseEvent,
  type CreateUpdateEvent,
  type DateColumnValueEvent,
  type DeleteUpdateEvent,
  type EditUpdateEvent,
  type ItemLifecycleEvent,
  isDateColumnValueEvent,
  isStatusColumnValueEvent,
  type MoveItemIntoGroupEvent,
  type MovePulseIntoGroupEvent,
  type MoveSubitemEvent,
  type PulseLifecycleEvent,
  type StatusColumnValueEvent,
  type UpdateColumnValueEvent,
  type UpdateNameEvent,
  type WebhookChallenge,
  type WebhookDateValue,
  type WebhookEvent,
  type WebhookEventBase,
  type WebhookEventOf,
  type WebhookStatusLabelStyle,
  type WebhookStatusValue,
} from './events.js';
export { createWebhookHandler, type WebhookEventContext, type WebhookHandlerOptions } from './handler.js';

import { signJwt } from './jwt.js';

export type { WebhookClaims } from './jwt.js';

/**
 * @deprecated Use `signWebhookToken` from `workspace-platform-emulator/testing`: a test helper, leaving this
 * production entry at 1.0. Signs `claims` as an HS256 JWT with `secret`, as a delivery carries it.
 * @throws TypeError (as a rejection) when `secret` is not a non-empty string or `claims` is not an object.
 */
export const signWebhookToken: (claims: Record<string, unknown>, secret: string) => Promise<string> = signJwt;

/**
 * @deprecated Internal; will be removed in 1.0. Use {@link webhookPayloadType} for one event's payload `type`.
 */
export const PAYLOAD_TYPE_OF: typeof payloadTypes = payloadTypes;
export { verifyWebhookRequest, type WebhookVerificationOptions } from './verify.js';

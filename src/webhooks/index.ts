/**
 * `workspace-platform-sdk/webhooks`: receiving the platform's webhooks on any runtime with the Fetch API (Node,
 * Deno, Bun, workerd, framework routes). Web Crypto and `Request`/`Response` only.
 *
 * ```ts
 * const handle = createWebhookHandler({ signingSecret, audience: 'https://app.example.com/webhooks', onEvent });
 * export default { fetch: handle };
 * ```
 *
 * @packageDocumentation
 * @module workspace-platform-sdk/webhooks
 */
export {
  createMemoryDeliveryStore,
  DEFAULT_DUPLICATE_WINDOW_MS,
  type MemoryDeliveryStoreOptions,
  type WebhookDeliveryStore,
} from './deliveries.js';
export { WebhookVerificationError, type WebhookVerificationReason } from './errors.js';
export {
  isWebhookEventType,
  PAYLOAD_TYPE_OF,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookPayloadType,
} from './event-types.js';
export type {
  CreateColumnEvent,
  CreatePulseEvent,
  CreateUpdateEvent,
  DeleteUpdateEvent,
  EditUpdateEvent,
  MovePulseIntoGroupEvent,
  MoveSubitemEvent,
  PulseLifecycleEvent,
  UpdateColumnValueEvent,
  UpdateNameEvent,
  WebhookChallenge,
  WebhookEvent,
  WebhookEventBase,
} from './events.js';
export { createWebhookHandler, type WebhookEventContext, type WebhookHandlerOptions } from './handler.js';
export { signJwt as signWebhookToken, type WebhookClaims } from './jwt.js';
export { verifyWebhookRequest, type WebhookVerificationOptions } from './verify.js';

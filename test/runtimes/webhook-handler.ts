/**
 * An app's webhook endpoint, written once for every runtime: the handler of `workspace-platform-sdk/webhooks` with
 * the app's signing secret and endpoint URL (fixed into the bundle by esbuild `define`).
 */
import { createWebhookHandler, type WebhookEvent } from '../../src/webhooks/index.js';

declare const PROBE_SECRET: string;
declare const PROBE_AUDIENCE: string;

/** The events the handler passed on, in order. */
export const handled: WebhookEvent[] = [];

/** The endpoint: `(request: Request) => Promise<Response>`. */
export const handleWebhook = createWebhookHandler({
  signingSecret: PROBE_SECRET,
  audience: PROBE_AUDIENCE,
  onEvent: (event) => {
    handled.push(event);
  },
});

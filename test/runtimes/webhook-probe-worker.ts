/**
 * The webhook endpoint as an edge worker (workerd): `POST /webhooks` is the handler itself, `GET /probe` runs the
 * probe inside the worker; any other path answers `ready`.
 */
import { handleWebhook } from './webhook-handler.js';
import { probeWebhooks } from './webhook-probe.js';

export default {
  async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === '/webhooks') return handleWebhook(request);
    if (path !== '/probe') return new Response('ready');
    return Response.json(await probeWebhooks());
  },
};

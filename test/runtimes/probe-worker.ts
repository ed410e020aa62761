/**
 * The probe as an edge worker (workerd): `GET /probe` runs it and answers with the report as JSON; any
 * other path answers `ready`, so the test can wait for the worker without running the probe twice.
 * The emulator's address and the item name are fixed into the bundle by esbuild `define`.
 */
import { probe } from './probe.js';

declare const PROBE_BASE_URL: string;
declare const PROBE_TOKEN: string;
declare const PROBE_ITEM_NAME: string;

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== '/probe') return new Response('ready');
    try {
      return Response.json(await probe(PROBE_BASE_URL, PROBE_TOKEN, PROBE_ITEM_NAME));
    } catch (error) {
      return Response.json(
        { failed: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
        { status: 500 },
      );
    }
  },
};

/**
 * What every runtime does with the webhook handler (`webhook-handler.ts`): the challenge, a signed event twice, and
 * the refusals, each an ordinary `Request` as a server or a worker hands it over. The tokens are signed by the test
 * (on Node) and fixed into the bundle by esbuild `define`.
 */
import { handled, handleWebhook } from './webhook-handler.js';

declare const PROBE_AUDIENCE: string;
declare const PROBE_TOKENS: { valid: string; otherSecret: string; otherAudience: string; expired: string };

/** What the probe saw. */
export interface WebhookProbeReport {
  userAgent: string;
  challenge: unknown;
  /** Status and `error` of each request, by name. */
  answers: Record<string, { status: number; error?: string }>;
  /** Events passed to `onEvent`: the same delivery twice counts once. */
  handled: { type: string; triggerUuid: string }[];
}

const EVENT = { type: 'create_pulse', triggerUuid: 'f00dfeed', boardId: 3001, pulseId: 42, pulseName: 'Edge' };

function post(body: unknown, authorization?: string): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization) headers.authorization = authorization;
  return new Request(PROBE_AUDIENCE, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Runs every request through the handler. */
export async function probeWebhooks(): Promise<WebhookProbeReport> {
  const challenge = await (await handleWebhook(post({ challenge: 'runtime-challenge' }))).json();
  const requests: Record<string, Request> = {
    first: post({ event: EVENT }, PROBE_TOKENS.valid),
    duplicate: post({ event: EVENT }, PROBE_TOKENS.valid),
    missingHeader: post({ event: EVENT }),
    otherSecret: post({ event: EVENT }, PROBE_TOKENS.otherSecret),
    otherAudience: post({ event: EVENT }, PROBE_TOKENS.otherAudience),
    expired: post({ event: EVENT }, PROBE_TOKENS.expired),
  };
  const answers: WebhookProbeReport['answers'] = {};
  for (const [name, request] of Object.entries(requests)) {
    const response = await handleWebhook(request);
    const body = (await response.json()) as { error?: string };
    answers[name] = { status: response.status, ...(body.error ? { error: body.error } : {}) };
  }
  return {
    userAgent: typeof navigator === 'undefined' ? 'unknown' : navigator.userAgent,
    challenge,
    answers,
    handled: handled.map(({ type, triggerUuid }) => ({ type, triggerUuid })),
  };
}

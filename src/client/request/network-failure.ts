/**
 * What a failed fetch says about why it failed. Runtimes bury the reason differently: Node's fetch
 * throws `TypeError: fetch failed` with the socket error (`code` ECONNREFUSED, ENOTFOUND, …) as its
 * `cause`, Bun puts the code on the error itself, Deno spells it out in the cause's message. This digs
 * the useful part out, so a NetworkError's message can name it.
 */

/** The reason of a network failure: the system error code when one was given, and a one-line description. */
export interface NetworkFailure {
  /** A system error code such as `ECONNREFUSED` or `ENOTFOUND`, when the runtime gave one. */
  code?: string;
  /** The most specific message in the error's `cause` chain, e.g. `connect ECONNREFUSED 127.0.0.1:4999`. */
  reason: string;
}

/** Messages that say nothing beyond "it failed"; a cause's message is preferred to these. */
const GENERIC =
  /^(fetch failed|failed to fetch|network ?error|load failed|networkerror when attempting to fetch resource\.?)$/i;
const MAX_DEPTH = 5;

/** The code and most specific message of `error` and its causes. Pure. */
export function describeNetworkFailure(error: unknown): NetworkFailure {
  let code: string | undefined;
  let reason: string | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof current === 'object' && current !== null; depth += 1) {
    const { code: ownCode, message } = current as { code?: unknown; message?: unknown };
    if (typeof ownCode === 'string' && ownCode !== '') code = ownCode;
    if (
      typeof message === 'string' &&
      message.trim() !== '' &&
      (reason === undefined || !GENERIC.test(message.trim()))
    ) {
      reason = message.trim().split('\n')[0];
    }
    current = (current as { cause?: unknown }).cause;
  }
  reason ??= typeof error === 'string' && error !== '' ? error : 'unknown failure';
  if (reason === 'bad port') reason = 'bad port (this fetch refuses to connect to that port)';
  if (code !== undefined && !reason.includes(code)) reason = `${code}: ${reason}`;
  return { code, reason };
}

/**
 * Which injected faults replace handling, and how the others spoil the delivery of a computed answer.
 */
import type { ServerResponse } from 'node:http';
import { HEADER } from '../wire.js';
import type { TerminalFault } from './faults.js';
import { drop, send, sendHalfThenReset, type WireResponse } from './responses.js';

/** A fault that stops a request before it executes. */
export type ImmediateFault = Extract<TerminalFault, { kind: 'http-error' | 'respond' | 'drop-before-execute' }>;

/** A fault that lets the request run and spoils the delivery of its answer. */
export type DeliveryFault = Exclude<TerminalFault, ImmediateFault>;

const IMMEDIATE = new Set<TerminalFault['kind']>(['http-error', 'respond', 'drop-before-execute']);

/** True when `fault` stops the request before execution. */
export function isImmediate(fault: TerminalFault | undefined): fault is ImmediateFault {
  return fault !== undefined && IMMEDIATE.has(fault.kind);
}

/** Delivers a computed answer as a delivery fault says: dropped, cut mid-body, or with garbage rate-limit headers. */
export function spoil(res: ServerResponse, wire: WireResponse, fault: DeliveryFault): void {
  if (fault.kind === 'drop-after-execute') {
    drop(res);
  } else if (fault.kind === 'reset-mid-body') {
    sendHalfThenReset(res, wire);
  } else {
    send(res, { ...wire, headers: { ...wire.headers, ...MALFORMED_RATE_LIMIT_HEADERS } });
  }
}

/** Rate-limit headers no structured-field parser accepts. */
const MALFORMED_RATE_LIMIT_HEADERS = {
  [HEADER.rateLimitPolicy]: 'minuteRate;q=;;w=(((, "concurrency";q=ten',
  [HEADER.rateLimit]: '"minuteRate";r=-?;t=soon, ,, "complexityMinute";r=1.2.3',
};

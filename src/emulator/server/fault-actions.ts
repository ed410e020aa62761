/**
 * Carrying out injected faults: the ones that replace handling, and the ones that spoil delivery.
 */
import type { ServerResponse } from 'node:http';
import type { TerminalFault } from './faults.js';
import type { RequestRecord } from './log.js';
import { drop, type PlannedResponse, send, sendHalfThenReset, withRequestId } from './responses.js';

/** A fault that stops a request before it executes. */
export type ImmediateFault = Extract<TerminalFault, { kind: 'http-error' | 'respond' | 'drop-before-execute' }>;

const IMMEDIATE = new Set<TerminalFault['kind']>(['http-error', 'respond', 'drop-before-execute']);

/** True when `fault` stops the request before execution. */
export function isImmediate(fault: TerminalFault | undefined): fault is ImmediateFault {
  return fault !== undefined && IMMEDIATE.has(fault.kind);
}

/** Carries out an immediate fault (http-error, respond, drop-before-execute). */
export function actImmediately(res: ServerResponse, fault: ImmediateFault, record: RequestRecord): void {
  record.fault = fault.kind;
  res.removeHeader('ratelimit-policy');
  if (fault.kind === 'drop-before-execute') {
    record.outcome = 'dropped';
    drop(res);
  } else if (fault.kind === 'http-error') {
    const status = fault.status ?? 502;
    const body = fault.body ?? htmlErrorPage(status);
    record.status = status;
    send(res, { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body });
  } else {
    record.status = fault.status;
    send(res, { status: fault.status, headers: { ...fault.headers }, body: fault.body ?? '' });
  }
}

/** Sends a computed response (with its `extensions.request_id`), spoiled as the fault (if any) says. */
export function deliver(
  res: ServerResponse,
  computed: PlannedResponse,
  fault: TerminalFault | undefined,
  record: RequestRecord,
): void {
  const planned = withRequestId(computed);
  record.status = planned.status;
  if (planned.errorCode !== undefined) record.errorCode = planned.errorCode;
  if (fault === undefined || isImmediate(fault)) {
    send(res, planned);
    return;
  }
  record.fault = fault.kind;
  if (fault.kind === 'drop-after-execute') {
    record.outcome = 'dropped';
    record.status = 0;
    drop(res);
  } else if (fault.kind === 'reset-mid-body') {
    record.outcome = 'reset';
    sendHalfThenReset(res, planned);
  } else {
    send(res, { ...planned, headers: { ...planned.headers, ...MALFORMED_RATE_LIMIT_HEADERS } });
  }
}

/** Rate-limit headers no structured-field parser accepts. */
const MALFORMED_RATE_LIMIT_HEADERS = {
  'ratelimit-policy': 'minuteRate;q=;;w=(((, "concurrency";q=ten',
  ratelimit: '"minuteRate";r=-?;t=soon, ,, "complexityMinute";r=1.2.3',
};

function htmlErrorPage(status: number): string {
  const title = `${status} ${STATUS_TEXT[status] ?? 'Server Error'}`;
  return `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1><p>upstream failure</p></body></html>\n`;
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

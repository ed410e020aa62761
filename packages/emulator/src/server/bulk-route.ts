/**
 * The bulk jobs' pre-signed addresses: `PUT` (or `POST`) of a job's CSV to `/bulk/uploads/<job id>?expires=…&
 * signature=…`, and `GET` of its report at `/bulk/reports/<job id>?…`. They stand for the storage service the
 * platform's `upload_url` points at (https://developer.monday.com/api-reference/docs/importing-items-in-bulk): no
 * token, no rate-limit headers, the signature in the query is the credential (and the request log never keeps the
 * query). The body of an upload is handed to the engine piece by piece as it arrives, never read whole here.
 *
 * Faults: the rules for `* /bulk/uploads` (or `GET /bulk/reports`) apply as on any route (latency, an HTTP error, a
 * dropped connection), and the bulk kinds (`upload-expired`, `job-fails`, `job-slow`) go to the engine with the
 * upload. Pinned by packages/emulator/test/bulk-jobs.test.ts.
 */
import type { TransferAnswer, TransferRequest } from '../contract.js';
import { ERROR_CODE, HEADER, MEDIA } from '../wire.js';
import { waitUnlessClosing } from './context.js';
import { type Exchange, learn } from './exchange.js';
import { isImmediate } from './fault-actions.js';
import { routeOf } from './faults.js';
import { faultReply, type PlannedReply, planError, planNothingClientGone, reply } from './reply.js';

/** The two kinds of address, by the path prefix they are served under. */
export const BULK_PATHS = { uploads: '/bulk/uploads', reports: '/bulk/reports' } as const;

const METHODS = { uploads: ['PUT', 'POST'], reports: ['GET'] } as const;

/** The kind and job of a bulk address path, or undefined when `path` is none. */
export function bulkTarget(path: string): { purpose: keyof typeof BULK_PATHS; jobId: string } | undefined {
  for (const purpose of ['uploads', 'reports'] as const) {
    const prefix = `${BULK_PATHS[purpose]}/`;
    if (path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/')) {
      return { purpose, jobId: decodeURIComponent(path.slice(prefix.length)) };
    }
  }
  return undefined;
}

/** Answers a request to a bulk address. */
export async function handleBulkTransfer(
  x: Exchange,
  url: URL,
  target: { purpose: keyof typeof BULK_PATHS; jobId: string },
): Promise<void> {
  const { purpose, jobId } = target;
  const allowed: readonly string[] = METHODS[purpose];
  if (!allowed.includes(x.method)) {
    const headers = { [HEADER.allow]: allowed.join(', ') };
    const message = `Use ${allowed.join(' or ')} on this path.`;
    return reply(x, planError(405, message, ERROR_CODE.methodNotAllowed, {}, { headers, rateLimit: 'none' }));
  }
  const transfers = x.ctx.engine.transfers;
  if (!transfers) {
    return reply(
      x,
      planError(404, 'This emulator serves no bulk jobs.', ERROR_CODE.notFound, {}, { rateLimit: 'none' }),
    );
  }
  x.faults = x.ctx.faults.decide(routeOf(x.method, BULK_PATHS[purpose]), undefined);
  await waitUnlessClosing(x.faults.latencyMs, x.ctx.closing);
  if (isImmediate(x.faults.terminal)) return reply(x, faultReply(x.faults.terminal));
  const request: TransferRequest = {
    jobId,
    expires: url.searchParams.get('expires'),
    signature: url.searchParams.get('signature'),
  };
  if (purpose === 'reports') return reply(x, planTransfer(await transfers.report(request)));
  let received = 0;
  // Breaking off an upload (a file over the limit) must leave the connection to carry the answer: the iterator
  // does not destroy the request on return.
  const pieces = x.req.iterator({ destroyOnReturn: false });
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const piece of pieces) {
      received += (piece as Buffer).length;
      yield piece as Buffer;
    }
  }
  let answer: TransferAnswer;
  try {
    answer = await transfers.upload({
      ...request,
      body: counted(),
      ...(x.faults.upload ? { faults: x.faults.upload } : {}),
    });
  } catch {
    // The client went away mid-upload: nothing was stored, the job still waits for its file.
    learn(x, { bodyBytes: received });
    return reply(x, planNothingClientGone());
  }
  learn(x, { bodyBytes: received });
  const planned = planTransfer(answer);
  // An upload cut off at the size limit: the answer goes out, then the connection closes, unread bytes and all (a
  // client sending on forever must not keep the emulator reading).
  if (answer.status === 413) {
    planned.headers[HEADER.connection] = 'close';
    x.res.once('finish', () => x.req.destroy());
  }
  reply(x, planned);
}

function planTransfer(answer: TransferAnswer): PlannedReply {
  return {
    status: answer.status,
    headers: { [HEADER.contentType]: answer.contentType || MEDIA.text },
    content: { kind: 'text', text: answer.body },
    rateLimit: 'none',
    spoilable: true,
    ...(answer.code !== undefined ? { errorCode: answer.code } : {}),
  };
}

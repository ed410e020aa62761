/**
 * The pre-signed addresses of the bulk jobs: where a job's CSV is uploaded (`upload_url`) and where its report of
 * failed rows is read (`report_url`). Both are served by the emulator's own HTTP server, outside `/v2` as a storage
 * service's would be, and live 10 minutes ("Upload URL and report URL expiration: 10 minutes",
 * https://developer.monday.com/api-reference/reference/ingest-items-api-reference).
 *
 * An address is `<origin>/bulk/uploads/<job id>?expires=<ms>&signature=<hex>` (`/bulk/reports/` for a report): the
 * signature is an HMAC of the job, the purpose and the expiry under the engine's key, so an address cannot be made
 * up or stretched, and the query (which the request log never keeps) is the only secret part.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an address is for. */
export type SignedPurpose = 'uploads' | 'reports';

/** Path prefix of each purpose, as the HTTP server routes them. */
export const SIGNED_PATHS: Readonly<Record<SignedPurpose, string>> = {
  uploads: '/bulk/uploads',
  reports: '/bulk/reports',
};

/** How long an address lives, in milliseconds (10 minutes). */
export const SIGNED_URL_TTL_MS = 10 * 60_000;

/** Where a signed address points, as read back from a request. */
export interface SignedTarget {
  jobId: string;
  /** The `expires` query parameter, as sent. */
  expires: string | null;
  /** The `signature` query parameter, as sent. */
  signature: string | null;
}

function sign(key: Uint8Array, purpose: SignedPurpose, jobId: string, expires: number): string {
  return createHmac('sha256', key).update(`${purpose}\n${jobId}\n${expires}`).digest('hex').slice(0, 40);
}

/** The address of `purpose` for `jobId`, valid until `expiresAt` (milliseconds). */
export function signedUrl(
  origin: string,
  key: Uint8Array,
  purpose: SignedPurpose,
  jobId: string,
  expiresAt: number,
): string {
  const signature = sign(key, purpose, jobId, expiresAt);
  return `${origin}${SIGNED_PATHS[purpose]}/${encodeURIComponent(jobId)}?expires=${expiresAt}&signature=${signature}`;
}

/** Whether `target` is a genuine address of `purpose`, and if so whether it has expired at `now`. */
export function checkSignedTarget(
  key: Uint8Array,
  purpose: SignedPurpose,
  target: SignedTarget,
  now: number,
): 'valid' | 'expired' | 'forged' {
  const expires = Number(target.expires);
  if (!target.expires || !/^\d{1,16}$/.test(target.expires) || !target.signature) return 'forged';
  const wanted = Buffer.from(sign(key, purpose, target.jobId, expires));
  const given = Buffer.from(target.signature);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return 'forged';
  return now >= expires ? 'expired' : 'valid';
}

/**
 * Reads the GraphQL request out of a POST /v2 body: JSON, or the parts of a multipart upload with files.
 */

import type { EmulatorUpload } from '../contract.js';
import { ERROR_CODE } from '../wire.js';
import { parseMultipart } from './multipart.js';

/** A well-formed GraphQL request. */
export interface GraphQLRequestBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  files?: Map<string, EmulatorUpload>;
}

/** The parsed request, or a 400 with a code and message. */
export type RequestParse = { ok: true; request: GraphQLRequestBody } | { ok: false; code: string; message: string };

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The request of an upload's parts (read by `multipart-body.ts`). */
export async function parseUploadRequest(fields: ReadonlyMap<string, FormDataEntryValue>): Promise<RequestParse> {
  const multipart = await parseMultipart(fields);
  if (!multipart.ok) return { ok: false, code: ERROR_CODE.badRequest, message: multipart.message };
  const parsed = validate(multipart.operations);
  if (parsed.ok && multipart.files.size > 0) parsed.request.files = multipart.files;
  return parsed;
}

/** Parses the JSON body of a POST /v2. */
export function parseGraphQLRequest(bytes: Buffer): RequestParse {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { ok: false, code: ERROR_CODE.invalidJson, message: 'The request body is not valid JSON.' };
  }
  return validate(json);
}

function validate(json: unknown): RequestParse {
  if (Array.isArray(json)) return bad('Batched requests are not supported: send one operation per request.');
  if (typeof json !== 'object' || json === null) return bad('The request body must be a JSON object.');
  const { query, variables, operationName } = json as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '')
    return bad('The request body needs a non-empty "query" string.');
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return bad('"variables" must be a JSON object.');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return bad('"operationName" must be a string.');
  }
  return {
    ok: true,
    request: {
      query,
      variables: (variables as Record<string, unknown> | null | undefined) ?? null,
      operationName: (operationName as string | null | undefined) ?? null,
    },
  };
}

function bad(message: string): RequestParse {
  return { ok: false, code: ERROR_CODE.badRequest, message };
}

/**
 * Where the generator's schema comes from, in order: `--schema` (an SDL file, or a URL read with GET as
 * SDL); else the API host in WORKSPACE_PLATFORM_BASE_URL (`GET {base}/v2/get_schema?format=sdl&version=V`);
 * else the schema the emulator serves, from `workspace-platform-emulator/schemas` (offline).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isPublishedVersion, PUBLISHED_VERSIONS, publishedSdl } from 'workspace-platform-emulator/schemas';
import { boundedText } from './bounded-text.js';
import { hideSecrets, REDACTED, type Redactor } from './redact.js';
import { BASE_URL_ENV, schemaUrl } from './settings.js';

/** The SDL text and a description of where it came from (credentials hidden), for messages. */
export interface SchemaText {
  sdl: string;
  from: string;
}

/** A schema that could not be read. The message says which source and why; it never holds a credential. */
export class SchemaSourceError extends Error {
  override name = 'SchemaSourceError' as const;
}

/** Bounds of a schema fetch. */
export interface SchemaFetchLimits {
  /** The whole fetch, answer and body, must finish within this. Default 60 s. */
  timeoutMs: number;
  /** The largest SDL read, in bytes. Default 32 MiB (the platform's whole schema is a few hundred KB). */
  maxBytes: number;
}

/** The bounds of every schema fetch unless a caller (a test) passes its own. */
export const SCHEMA_FETCH_LIMITS: SchemaFetchLimits = { timeoutMs: 60_000, maxBytes: 32 * 1024 * 1024 };

/** Query parameters that carry nothing secret and stay readable in messages (the ones `schemaUrl` adds). */
const PLAIN_PARAMETERS = new Set(['format', 'version']);

/**
 * `url` as it may be printed (every query value except `format` and `version` hidden) and a redactor for the
 * secrets it holds, for text that echoes them. Refuses a URL with credentials in it (`user:password@`), as the
 * client refuses them in its `baseUrl`: fetch would not send them, and they would end up in logs.
 */
function shownUrl(raw: string, label: string): { url: URL; shown: string; redact: Redactor } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SchemaSourceError(`${label} is not a valid URL.`);
  }
  if (url.username || url.password)
    throw new SchemaSourceError(`${label} must not carry credentials (user:password@); put none in the URL.`);
  const secrets: string[] = [];
  const query: string[] = [];
  for (const [name, value] of url.searchParams) {
    const plain = PLAIN_PARAMETERS.has(name.toLowerCase());
    if (!plain && value !== '') secrets.push(value);
    query.push(`${encodeURIComponent(name)}=${plain ? encodeURIComponent(value) : REDACTED}`);
  }
  if (url.hash.length > 1) secrets.push(url.hash.slice(1));
  const shown = `${url.origin}${url.pathname}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  return { url, shown, redact: hideSecrets(secrets) };
}

/** The body of `response`, at most `maxBytes`, as UTF-8 text; a larger one is a {@link SchemaSourceError}. */
async function schemaText(response: Response, maxBytes: number, what: string): Promise<string> {
  const text = await boundedText(response, maxBytes);
  if (text === undefined)
    throw new SchemaSourceError(`${what}: the answer is larger than ${maxBytes} bytes; not read.`);
  return text;
}

async function getSdl(raw: string, label: string, limits: SchemaFetchLimits): Promise<{ sdl: string; from: string }> {
  const { url, shown, redact } = shownUrl(raw, label);
  const what = `${label}: GET ${shown}`;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const timedOut = () =>
    new SchemaSourceError(
      `${what} failed (no answer within ${limits.timeoutMs / 1000} s; the schema host is too slow).`,
    );
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'text/plain, application/graphql' }, signal });
  } catch (error) {
    if (signal.aborted) throw timedOut();
    const reason = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new SchemaSourceError(redact(`${what} failed (${reason?.code ?? reason?.message ?? String(error)})`));
  }
  let text: string;
  try {
    text = await schemaText(response, limits.maxBytes, what);
  } catch (error) {
    if (signal.aborted) throw timedOut();
    if (error instanceof SchemaSourceError) throw error;
    throw new SchemaSourceError(redact(`${what} failed while reading the answer (${(error as Error).message})`));
  }
  if (!response.ok)
    throw new SchemaSourceError(redact(`${what} answered ${response.status}: ${text.trim().slice(0, 300)}`));
  return { sdl: text, from: shown };
}

function fromEmulator(apiVersion: string): string {
  if (!isPublishedVersion(apiVersion))
    throw new SchemaSourceError(
      `API version ${apiVersion} has no published schema here; published: ${PUBLISHED_VERSIONS.join(', ')}.`,
    );
  return publishedSdl(apiVersion);
}

/** Reads the schema from the first source that is configured. */
export async function readSchema(options: {
  schema?: string;
  apiVersion: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Bounds of a fetch; default {@link SCHEMA_FETCH_LIMITS}. */
  limits?: SchemaFetchLimits;
}): Promise<SchemaText> {
  const { schema, apiVersion, limits = SCHEMA_FETCH_LIMITS } = options;
  if (schema && /^https?:\/\//i.test(schema)) return getSdl(schema, '--schema', limits);
  if (schema) {
    const path = resolve(options.cwd, schema);
    const sdl = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new SchemaSourceError(`--schema ${schema}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    });
    return { sdl, from: schema };
  }
  const base = options.env[BASE_URL_ENV];
  if (base) {
    let url: string;
    try {
      url = schemaUrl(base, apiVersion);
    } catch {
      throw new SchemaSourceError(`${BASE_URL_ENV} is not a valid URL.`);
    }
    // The variable may be set for another tool (the `workspace-platform` command reads it too): a failure says how to
    // generate without it.
    return getSdl(url, BASE_URL_ENV, limits).catch((error: unknown) => {
      if (!(error instanceof SchemaSourceError)) throw error;
      throw new SchemaSourceError(
        `${error.message} ${BASE_URL_ENV} is set, so the schema is read from that host; to generate offline from the ` +
          `published schema, unset it (env -u ${BASE_URL_ENV} ...), or pass --schema with an SDL file or URL.`,
      );
    });
  }
  return { sdl: fromEmulator(apiVersion), from: `the emulator's published schema (API version ${apiVersion})` };
}

/**
 * Where the generator's schema comes from, in order: `--schema` (an SDL file, or a URL read with GET as
 * SDL); else the API host in WORKSPACE_PLATFORM_BASE_URL (`GET {base}/v2/get_schema?format=sdl&version=V`);
 * else the emulator built into this package, started on an ephemeral port and stopped again (offline).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { BASE_URL_ENV, schemaUrl } from './settings.js';

/** The SDL text and a description of where it came from, for messages. */
export interface SchemaText {
  sdl: string;
  from: string;
}

/** A schema that could not be read. The message says which source and why. */
export class SchemaSourceError extends Error {
  override name = 'SchemaSourceError' as const;
}

async function getSdl(url: string, label: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'text/plain, application/graphql' } });
  } catch (error) {
    const reason = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new SchemaSourceError(`${label}: GET ${url} failed (${reason?.code ?? reason?.message ?? String(error)})`);
  }
  const text = await response.text();
  if (!response.ok)
    throw new SchemaSourceError(`${label}: GET ${url} answered ${response.status}: ${text.trim().slice(0, 300)}`);
  return text;
}

async function fromEmulator(apiVersion: string): Promise<string> {
  const { startEmulator } = await import('../emulator/index.js');
  const emulator = await startEmulator({ port: 0 });
  try {
    return await getSdl(schemaUrl(emulator.baseUrl, apiVersion), 'the built-in emulator');
  } finally {
    await emulator.close();
  }
}

/** Reads the schema from the first source that is configured. */
export async function readSchema(options: {
  schema?: string;
  apiVersion: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}): Promise<SchemaText> {
  const { schema, apiVersion } = options;
  if (schema && /^https?:\/\//i.test(schema)) return { sdl: await getSdl(schema, '--schema'), from: schema };
  if (schema) {
    const path = resolve(options.cwd, schema);
    const sdl = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new SchemaSourceError(`--schema ${schema}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    });
    return { sdl, from: schema };
  }
  const base = options.env[BASE_URL_ENV];
  if (base) {
    const url = schemaUrl(base, apiVersion);
    return { sdl: await getSdl(url, BASE_URL_ENV), from: url };
  }
  return { sdl: await fromEmulator(apiVersion), from: `the built-in emulator (API version ${apiVersion})` };
}

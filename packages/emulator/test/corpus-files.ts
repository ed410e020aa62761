/**
 * Reads the operation corpus (packages/emulator/test/corpus/*.graphql): one named operation per file, as an app would write it.
 * Optional header comments, each on its own line at the top of the file:
 *   # variables: {"ids": ["3001"]}        JSON object of variables
 *   # token: read-only | other-account | app   which token sends it (default: the full-scope demo token; `app` is an
 *                                         OAuth token of the seeded marketplace app's client, acting in globex)
 *   # version: 2026-10                    API-Version to send (default: 2025-04, the version the first entries were written for)
 *   # upload: file report.pdf application/pdf   send it as a multipart upload, a small file of that name and media
 *                                         type at `variables.file` (as clients post add_file_to_column and its kin)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One corpus operation. */
export interface CorpusEntry {
  file: string;
  query: string;
  variables: Record<string, unknown>;
  token: 'full' | 'read-only' | 'other-account' | 'app';
  version?: string;
  /** The file to upload with it, at `variables.<variable>`. */
  upload?: { variable: string; filename: string; contentType: string };
}

const HEADER = /^#\s*(variables|token|version|upload):\s*(.*)$/;

/** Parses one corpus file's text; throws naming the file when a header is malformed. */
export function parseCorpusFile(file: string, text: string): CorpusEntry {
  const entry: CorpusEntry = { file, query: text, variables: {}, token: 'full' };
  for (const line of text.split('\n')) {
    const match = HEADER.exec(line.trim());
    if (!match) break;
    const [, key, value = ''] = match;
    if (key === 'variables') {
      try {
        entry.variables = JSON.parse(value) as Record<string, unknown>;
      } catch {
        throw new Error(`${file}: "# variables:" is not valid JSON`);
      }
    } else if (key === 'token') {
      if (value !== 'read-only' && value !== 'other-account' && value !== 'app') {
        throw new Error(`${file}: unknown token "${value}"`);
      }
      entry.token = value;
    } else if (key === 'upload') {
      const [variable, filename, contentType, ...rest] = value.trim().split(/\s+/);
      if (!variable || !filename || !contentType || rest.length > 0) {
        throw new Error(`${file}: "# upload:" takes a variable, a file name and a media type`);
      }
      entry.upload = { variable, filename, contentType };
    } else {
      entry.version = value.trim();
    }
  }
  return entry;
}

/** Every corpus file in `directory`, sorted by name. */
export function readCorpus(directory: string): CorpusEntry[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => parseCorpusFile(name, readFileSync(join(directory, name), 'utf8')));
}

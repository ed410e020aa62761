/**
 * The operation corpus, against a real emulator over a socket, each operation at the version it pins: every operation
 * must validate against the schema the emulator serves at that version, and at least 85% must execute with data and
 * no errors. Each operation runs on a fresh emulator, so an operation never depends on what another one changed. The
 * figures are printed per version.
 */
import { buildSchema, type GraphQLSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_FACTS, DEMO_TOKENS, type EmulatorTokenConfig, startEmulator } from '../src/index.js';
import { type CorpusEntry, parseCorpusFile, readCorpus } from './corpus-files.js';
import { DEMO_OTHER_ACCOUNT_TOKEN, DEMO_READ_ONLY_TOKEN, DEMO_TOKEN, postGraphQL } from './server-helpers.js';

const corpus = readCorpus(new URL('./corpus', import.meta.url).pathname);
/** An OAuth token of the seeded marketplace app's client (`app-1`), acting in globex, which subscribes to the app. */
const APP_TOKEN = 'wpe_corpus_app_token';
const TOKENS = {
  full: DEMO_TOKEN,
  'read-only': DEMO_READ_ONLY_TOKEN,
  'other-account': DEMO_OTHER_ACCOUNT_TOKEN,
  app: APP_TOKEN,
};
const EMULATOR_TOKENS: EmulatorTokenConfig[] = [
  ...DEMO_TOKENS,
  {
    token: APP_TOKEN,
    kind: 'oauth',
    accountId: DEFAULT_SEED_FACTS.accounts.globex.id,
    userId: DEFAULT_SEED_FACTS.users.hank.id,
    clientId: 'app-1',
  },
];
const EXECUTE_SHARE = 0.85;
/** The version an entry without a `version` was written for: the published 2025-04 structure. */
const CORPUS_VERSION = '2025-04';
/** Schemas built from served SDL, by SDL text (each emulator serves the same text for a version). */
const schemasBySdl = new Map<string, GraphQLSchema>();

function schemaOf(sdl: string): GraphQLSchema {
  const schema = schemasBySdl.get(sdl) ?? buildSchema(sdl);
  schemasBySdl.set(sdl, schema);
  return schema;
}

interface Outcome {
  file: string;
  version: string;
  validationErrors: string[];
  executionProblem?: string;
}

async function runEntry(entry: CorpusEntry): Promise<Outcome> {
  const emulator = await startEmulator({ port: 0, tokens: EMULATOR_TOKENS });
  try {
    return await runOn(emulator.baseUrl, entry);
  } finally {
    await emulator.close();
  }
}

/** Posts `entry` as a GraphQL multipart request with a small file at `variables.<upload.variable>`. */
function postUpload(
  emulator: { baseUrl: string },
  entry: CorpusEntry,
  upload: NonNullable<CorpusEntry['upload']>,
  headers: Record<string, string>,
): Promise<Response> {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({ query: entry.query, variables: { ...entry.variables, [upload.variable]: null } }),
  );
  form.set('map', JSON.stringify({ 0: [`variables.${upload.variable}`] }));
  form.set('0', new Blob([new Uint8Array(512)], { type: upload.contentType }), upload.filename);
  return fetch(`${emulator.baseUrl}/v2`, { method: 'POST', headers, body: form });
}

async function runOn(baseUrl: string, entry: CorpusEntry): Promise<Outcome> {
  const emulator = { baseUrl };
  const version = entry.version ?? CORPUS_VERSION;
  const at = { file: entry.file, version };
  const sdl = await (await fetch(`${emulator.baseUrl}/v2/get_schema?format=sdl&version=${version}`)).text();
  const validationErrors = validate(schemaOf(sdl), parse(entry.query)).map((error) => error.message);
  if (validationErrors.length > 0) return { ...at, validationErrors };
  const headers = { authorization: TOKENS[entry.token], 'api-version': version };
  const response = entry.upload
    ? await postUpload(emulator, entry, entry.upload, headers)
    : await postGraphQL(emulator, { query: entry.query, variables: entry.variables }, headers);
  const body = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  if (response.status !== 200) return { ...at, validationErrors, executionProblem: `HTTP ${response.status}` };
  if (body.errors?.length)
    return { ...at, validationErrors, executionProblem: body.errors.map((e) => e.message).join('; ') };
  if (body.data === null || body.data === undefined) return { ...at, validationErrors, executionProblem: 'no data' };
  return { ...at, validationErrors };
}

describe('operation corpus', () => {
  it('validates every operation at its version and executes at least 85% of them with data and no errors', async () => {
    expect(corpus.length).toBeGreaterThan(0);
    const outcomes: Outcome[] = [];
    for (const entry of corpus) outcomes.push(await runEntry(entry));
    const valid = outcomes.filter((outcome) => outcome.validationErrors.length === 0);
    const executed = valid.filter((outcome) => outcome.executionProblem === undefined);
    console.log(`corpus: ${valid.length} of ${corpus.length} validate, ${executed.length} of ${corpus.length} execute`);
    for (const version of [...new Set(outcomes.map((outcome) => outcome.version))].sort()) {
      const mine = outcomes.filter((outcome) => outcome.version === version);
      const ran = mine.filter((outcome) => outcome.validationErrors.length === 0 && !outcome.executionProblem);
      console.log(`  ${version}: ${mine.length} operations, ${ran.length} execute`);
    }
    for (const outcome of outcomes) {
      if (outcome.validationErrors.length > 0)
        console.log(`  invalid ${outcome.file}: ${outcome.validationErrors.join('; ')}`);
      else if (outcome.executionProblem) console.log(`  failed  ${outcome.file}: ${outcome.executionProblem}`);
    }
    expect(outcomes.filter((outcome) => outcome.validationErrors.length > 0).map((outcome) => outcome.file)).toEqual(
      [],
    );
    expect(executed.length).toBeGreaterThanOrEqual(Math.ceil(EXECUTE_SHARE * corpus.length));
  }, 120_000);
});

describe('corpus file headers', () => {
  it('reads variables, token and version, and rejects a malformed header', () => {
    const entry = parseCorpusFile(
      'x.graphql',
      '# variables: {"a": 1}\n# token: read-only\n# version: 2025-04\nquery X { me { id } }',
    );
    expect(entry).toMatchObject({ variables: { a: 1 }, token: 'read-only', version: '2025-04' });
    expect(() => parseCorpusFile('bad.graphql', '# variables: {a}\nquery X { me { id } }')).toThrow(/bad\.graphql/);
    expect(() => parseCorpusFile('bad.graphql', '# token: admin\nquery X { me { id } }')).toThrow(/unknown token/);
    expect(
      parseCorpusFile('up.graphql', '# upload: file notes.pdf application/pdf\nmutation X { me { id } }').upload,
    ).toEqual({ variable: 'file', filename: 'notes.pdf', contentType: 'application/pdf' });
    expect(() => parseCorpusFile('bad.graphql', '# upload: file\nmutation X { me { id } }')).toThrow(/upload/);
  });
});

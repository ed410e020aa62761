/**
 * The SDK's on-demand code, from the built package (`npm run build`), against the emulator over a socket. The error
 * factory: a copy of `dist/` whose factory chunk is missing (as after an app's redeploy removed it) still makes
 * successful calls, and turns failed responses into errors that name the status, carry the request id and keep a 429
 * a retryable `RateLimitError`; once the chunk is back, the next failed response loads it and gets its own class.
 * The AST printer, the upload form and the wording of a throttle refusal: a call that needs a missing one rejects,
 * unsent, with a `PlatformError` naming it; once it is back, the next such call loads it.
 */
import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { parse } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as Sdk from '../../src/index.js';
import { closeEmulators, DEMO_TOKEN, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

const root = new URL('../..', import.meta.url).pathname;
/** Inside `node_modules`, so the copy resolves the package's dependencies as `dist/` does, and git ignores it. */
const copy = mkdtempSync(join(root, 'node_modules', '.error-factory-test-'));
const MISSING_BOARD = 'mutation { create_item(board_id: 999999999, item_name: "x") { id } }';
let sdk: typeof Sdk;
let chunk: string;
/** The dist copy's file whose name starts with `prefix`. */
const chunkNamed = (prefix: string): string => {
  const name = readdirSync(copy).find((file) => file.startsWith(`${prefix}-`) && file.endsWith('.js'));
  if (!name) throw new Error(`dist/ has no ${prefix} chunk: run \`npm run build\` first`);
  return join(copy, name);
};

beforeAll(async () => {
  cpSync(join(root, 'dist'), copy, { recursive: true });
  chunk = chunkNamed('error-factory');
  renameSync(chunk, `${chunk}.away`);
  sdk = (await import(join(copy, 'index.js'))) as typeof Sdk;
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** An emulator whose first answer is a 429 asking to wait `retryAfter` seconds, then answers as usual. */
function emulatorAnsweringOne429(retryAfter: string): ReturnType<typeof startTestEmulator> {
  return startTestEmulator({
    faults: [
      {
        kind: 'respond',
        status: 429,
        first: 1,
        headers: { 'retry-after': retryAfter, 'content-type': 'application/json' },
        body: JSON.stringify({ errors: [{ message: 'Slow down.', extensions: { code: 'RATE_LIMIT_EXCEEDED' } }] }),
      },
    ],
  });
}

async function failure(promise: Promise<unknown>): Promise<Sdk.PlatformError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof sdk.PlatformError)) throw new Error(`expected a PlatformError, got ${inspect(error)}`);
  return error;
}

describe('the error factory, loaded on demand', () => {
  it('is not needed by a successful call, and its absence still gives a named, retryable error', async () => {
    const emulator = await emulatorAnsweringOne429('0');
    const retries: Sdk.RetryEvent[] = [];
    const client = new sdk.PlatformClient({
      token: DEMO_TOKEN,
      baseUrl: emulator.baseUrl,
      retry: { baseDelayMs: 5, maxDelayMs: 2_000 },
      hooks: { onRetry: (event) => retries.push(event) },
    });
    // The 429 comes first: without its factory it is still a rate limit, retried, and the call succeeds.
    const result = await client.boards({ limit: 1 });
    expect(result.data.boards).toHaveLength(1);
    expect(retries.map((event) => event.reason)).toEqual(['rate-limited']);

    const error = await failure(client.request(MISSING_BOARD));
    expect(error).toBeInstanceOf(sdk.HttpError);
    expect(error).not.toBeInstanceOf(sdk.NotFoundError);
    expect(error.status).toBe(200);
    expect(error.message).toContain("the SDK's error module did not load");
    expect(error.requestId).toMatch(/\S/);
    expect((error.cause as { code?: string }).code).toBe('ERR_MODULE_NOT_FOUND');
    expect(`${error.message} ${inspect(error)}`).not.toContain(DEMO_TOKEN);

    // Back in place, the next failed response loads it and gets the class of its code.
    renameSync(`${chunk}.away`, chunk);
    const typed = await failure(client.request(MISSING_BOARD));
    expect(typed).toBeInstanceOf(sdk.NotFoundError);
    expect((typed as Sdk.GraphQLResponseError).code).toBe('RESOURCE_NOT_FOUND');
  }, 20_000);

  it('a missing printer or upload form fails the call that needs it, unsent, with a PlatformError naming it', async () => {
    const emulator = await startTestEmulator();
    const client = new sdk.PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl });
    const printer = chunkNamed('print-document');
    const upload = chunkNamed('multipart');
    renameSync(printer, `${printer}.away`);
    renameSync(upload, `${upload}.away`);
    // An AST without source text needs the printer; a Blob among the variables needs the upload form.
    const ast = parse('query FirstBoard { boards(limit: 1) { id } }', { noLocation: true });
    const file = { file: new Blob(['x'], { type: 'text/plain' }) };
    const noPrinter = await failure(client.request(ast));
    const noUpload = await failure(
      client.request(
        'mutation ($file: File!) { add_file_to_column(item_id: 1, column_id: "files", file: $file) { id } }',
        file,
      ),
    );
    expect([noPrinter.message, noUpload.message]).toEqual([
      expect.stringContaining("The SDK's AST printer did not load"),
      expect.stringContaining("The SDK's upload form did not load"),
    ]);
    expect((noPrinter.cause as { code?: string }).code).toBe('ERR_MODULE_NOT_FOUND');
    expect(emulator.requests).toEqual([]);

    renameSync(`${printer}.away`, printer);
    renameSync(`${upload}.away`, upload);
    const result = await client.request<{ boards: { id: string }[] }>(ast);
    expect(result.data.boards).toHaveLength(1);
  }, 20_000);

  it("a missing throttle refusal's wording fails the refused call, unsent, with a PlatformError naming it", async () => {
    const emulator = await emulatorAnsweringOne429('120');
    const client = new sdk.PlatformClient({
      token: DEMO_TOKEN,
      baseUrl: emulator.baseUrl,
      retry: { maxDelayMs: 1_000 },
    });
    // The 429's two-minute pause is past maxDelayMs: the call fails, and the client holds the next one.
    expect(await failure(client.boards({ limit: 1 }))).toBeInstanceOf(sdk.RateLimitError);
    const refusal = chunkNamed('throttle-refusal');
    renameSync(refusal, `${refusal}.away`);
    const unworded = await failure(client.boards({ limit: 1 }));
    expect(unworded.message).toContain("The SDK's throttle refusal did not load");
    expect((unworded.cause as { code?: string }).code).toBe('ERR_MODULE_NOT_FOUND');
    expect(emulator.requests).toHaveLength(1);

    renameSync(`${refusal}.away`, refusal);
    const held = await failure(client.boards({ limit: 1 }));
    expect(held).toBeInstanceOf(sdk.RateLimitError);
    expect(held.message).toMatch(/the server's wait \(a pause the server asked for\) would hold this request \d+ s/);
    expect(emulator.requests).toHaveLength(1);
  }, 20_000);
});

/** The command-line flags of the bench's own harness scripts (`--rounds 9`, `--only 'a|b'`, ...), read one way. */

/** The word after `--name`, or undefined when the flag is absent. */
export function textArgument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** The positive number after `--name`, or `fallback` when the flag is absent or not a positive number. */
export function argument(name: string, fallback: number): number {
  const value = Number(textArgument(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * Raw fetch's body read through a reader, stopping at the declared length, as the client reads it: the baseline
 * the harnesses set beside the client's capped read.
 */
export async function readJsonByReader(response: Response, decoder: TextDecoder): Promise<unknown> {
  const declared = Number(response.headers.get('content-length'));
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
    if (total === declared) break;
  }
  const text = chunks.length === 1 ? decoder.decode(chunks[0]) : decoder.decode(Buffer.concat(chunks));
  return (JSON.parse(text) as { data?: unknown }).data;
}

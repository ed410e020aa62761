/**
 * Reading an HTTP answer from a server we do not control, with a ceiling: the codegen command's schema fetch reads
 * through it, so it never buffers without bound. A declared
 * `Content-Length` above the ceiling is refused before reading; a body that passes it while streaming is cancelled.
 * Pinned by test/safety.test.ts.
 */

/** The body of `response` as UTF-8 text, or undefined (the body cancelled) when it is larger than `maxBytes`. */
export async function boundedText(response: Response, maxBytes: number): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

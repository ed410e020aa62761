/**
 * Runs one client alone in this process and reports its resident memory, so heaps of different
 * clients never mix. Usage: memory-child.ts <client-id> <base-url> <calls> <in-flight>.
 * Prints one JSON line: `{ baselineRss, peakRss }` in bytes.
 */
import { loadAdapter } from '../clients/index.js';

const [id = '', baseUrl = '', callsArg = '', inFlightArg = ''] = process.argv.slice(2);
const calls = Number(callsArg);
const inFlight = Number(inFlightArg);
if (!id || !baseUrl || !(calls > 0) || !(inFlight > 0)) {
  throw new Error('usage: memory-child.ts <client-id> <base-url> <calls> <in-flight>');
}

const adapter = await loadAdapter(id);
const call = await adapter.setup(baseUrl);
await call();
globalThis.gc?.();
const baselineRss = process.memoryUsage.rss();
let peakRss = baselineRss;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
};
const sampler = setInterval(sample, 5);

let started = 0;
const worker = async () => {
  while (started < calls) {
    started += 1;
    await call();
    if (started % 64 === 0) sample();
  }
};
await Promise.all(Array.from({ length: inFlight }, worker));
sample();
clearInterval(sampler);
process.stdout.write(`${JSON.stringify({ baselineRss, peakRss })}\n`);

/** The bench's out-of-process phases and the call check. Each fills in its part of every client's samples. */
import { fileURLToPath } from 'node:url';
import type { BoardsCall, ClientAdapter } from './clients/types.js';
import type { BenchConfig } from './config.js';
import { measureBundle } from './measure/bundle.js';
import { importScript, timeNodeScript } from './measure/import-time.js';
import { measureMemory } from './measure/memory.js';
import type { ClientSamples } from './results.js';
import type { BenchServer } from './server-process.js';
import { median, rotate } from './stats.js';

export { verifyCall } from './verify-call.js';

/** A client ready to measure: its adapter, its boards call and where its figures go. */
export interface Contender {
  adapter: ClientAdapter;
  call: BoardsCall;
  samples: ClientSamples;
}

/** Peak RSS over many concurrent calls, each client alone in a child process, rounds interleaved. */
export async function runMemory(contenders: Contender[], server: BenchServer, config: BenchConfig) {
  for (let round = 0; round < config.memoryRounds; round += 1) {
    for (const { adapter, samples } of rotate(contenders, round)) {
      const memory = await measureMemory(adapter.id, server.baseUrl, config.memoryCalls, config.inFlight);
      samples.baselineRss.push(memory.baselineRss);
      samples.peakRss.push(memory.peakRss);
    }
  }
}

/** Wall time of fresh `node` processes importing and constructing each client; returns bare node's median. */
export async function runImportTime(contenders: Contender[], config: BenchConfig): Promise<number> {
  const bare: number[] = [];
  const bareScript = importScript('');
  for (let spawnIndex = 0; spawnIndex < config.importSpawns; spawnIndex += 1) {
    bare.push(await timeNodeScript(bareScript));
    for (const { adapter, samples } of rotate(contenders, spawnIndex)) {
      samples.importWallMs.push(await timeNodeScript(importScript(adapter.importAndConstruct)));
    }
  }
  return median(bare);
}

/** Browser bundle of each client's one-call entry. */
export async function runBundles(contenders: Contender[]) {
  for (const { adapter, samples } of contenders) {
    samples.bundle = await measureBundle(fileURLToPath(new URL(`./entries/${adapter.bundleEntry}`, import.meta.url)));
  }
}

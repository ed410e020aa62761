/** Peak resident memory of one client over many concurrent calls, each client in its own process. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Result of one child-process run, in bytes. */
export interface MemorySample {
  /** RSS after import, construction, one call and a full GC. */
  baselineRss: number;
  /** Highest RSS seen while the calls ran. */
  peakRss: number;
}

const childPath = fileURLToPath(new URL('./memory-child.ts', import.meta.url));

/** Spawns `memory-child.ts` for one client and returns what it measured. */
export function measureMemory(id: string, baseUrl: string, calls: number, inFlight: number): Promise<MemorySample> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', childPath, id, baseUrl, String(calls), String(inFlight)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`memory run of ${id} exited with code ${code}: ${stderr.trim()}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as MemorySample);
      } catch {
        reject(new Error(`memory run of ${id} printed no result: ${stdout.trim()}`));
      }
    });
  });
}

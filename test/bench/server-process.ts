/** Starts the bench server in a separate process and stops it again. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A running bench server. */
export interface BenchServer {
  /** `http://127.0.0.1:<port>`, without `/v2`. */
  baseUrl: string;
  /** Requests served and the server process's CPU time so far. */
  stats(): Promise<{ served: number; cpuMicros: number }>;
  /** Stops the process and waits for it to exit. */
  close(): Promise<void>;
}

const serverPath = fileURLToPath(new URL('./server.ts', import.meta.url));

/**
 * Spawns `server.ts` under Node with the tsx loader and resolves once it has printed its port; `rateLimit`
 * chooses a `RateLimit` header that counts down (the default) or stays constant; `pinToCpu` runs it on that core.
 */
export async function startBenchServer(
  options: { rateLimit?: 'counting' | 'constant'; pinToCpu?: number } = {},
): Promise<BenchServer> {
  const env = { ...process.env, BENCH_RATELIMIT: options.rateLimit ?? 'counting' };
  const command = [process.execPath, '--import', 'tsx', serverPath];
  // Pinned to a core of its own with `taskset` when asked (Linux), as the outside harness runs it.
  if (options.pinToCpu !== undefined) command.unshift('taskset', '-c', String(options.pinToCpu));
  const [program = process.execPath, ...args] = command;
  const child = spawn(program, args, {
    stdio: ['pipe', 'pipe', 'inherit'],
    env,
  });
  const port = await readPort(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    async stats() {
      const response = await fetch(`${baseUrl}/__stats`);
      return (await response.json()) as { served: number; cpuMicros: number };
    },
    close: () => stop(child),
  };
}

function readPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line !== undefined) {
        child.stdout?.off('data', onData);
        const port = Number(line.trim());
        if (Number.isInteger(port) && port > 0) resolve(port);
        else reject(new Error(`bench server printed no port: ${JSON.stringify(line)}`));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`bench server exited early (code ${code})`)));
    child.once('error', reject);
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin?.end();
    child.kill('SIGTERM');
  });
}

/**
 * A real `redis-server` (Debian's, installed by `scripts/ensure-redis.mjs`) for the tests: started on a free
 * loopback port with persistence off, stopped (and restartable on the same port) by the test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A running (or stopped) redis-server of a test. */
export interface TestRedis {
  port: number;
  url: string;
  /** Stops the server (SIGTERM, then SIGKILL); resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing was saved). */
  restart(): Promise<void>;
}

const running = new Set<TestRedis>();

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function launch(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.resume();
    child.once('error', (error) =>
      reject(new Error(`could not start redis-server (run scripts/ensure-redis.mjs): ${error.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output.slice(-500)}`)));
  });
}

function halt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts redis-server on a free loopback port; {@link stopAllRedis} stops it. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child = await launch(port);
  const redis: TestRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: () => halt(child),
    restart: async () => {
      await halt(child);
      child = await launch(port);
    },
  };
  running.add(redis);
  return redis;
}

/** Stops every server started by {@link startRedis}. */
export async function stopAllRedis(): Promise<void> {
  const all = [...running];
  running.clear();
  await Promise.all(all.map((redis) => redis.stop()));
}

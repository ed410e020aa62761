/**
 * What the runtime tests share: where each runtime's binary lives under `test/runtimes/node_modules` (installed by
 * `npm run runtimes:install`), a free port, and workerd's configuration and start-up wait.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MODULES = join(HERE, 'node_modules');
const PLATFORM = `${process.platform}-${process.arch}`;
const INSTALL_HINT = 'run `npm run runtimes:install` (part of `npm test`) first';

/** Where each runtime's binary lives inside its npm package, by platform. */
const BINARIES: Record<string, Partial<Record<string, string>>> = {
  bun: {
    'linux-x64': '@oven/bun-linux-x64/bin/bun',
    'linux-arm64': '@oven/bun-linux-aarch64/bin/bun',
    'darwin-arm64': '@oven/bun-darwin-aarch64/bin/bun',
    'darwin-x64': '@oven/bun-darwin-x64/bin/bun',
  },
  deno: {
    'linux-x64': '@deno/linux-x64-glibc/deno',
    'linux-arm64': '@deno/linux-arm64-glibc/deno',
    'darwin-arm64': '@deno/darwin-arm64/deno',
    'darwin-x64': '@deno/darwin-x64/deno',
  },
  workerd: {
    'linux-x64': '@cloudflare/workerd-linux-64/bin/workerd',
    'linux-arm64': '@cloudflare/workerd-linux-arm64/bin/workerd',
    'darwin-arm64': '@cloudflare/workerd-darwin-arm64/bin/workerd',
    'darwin-x64': '@cloudflare/workerd-darwin-64/bin/workerd',
  },
  // The Node binaries are installed for linux-x64 only (see test/runtimes/package.json).
  node22: { 'linux-x64': 'node22-linux-x64/bin/node' },
  node24: { 'linux-x64': 'node24-linux-x64/bin/node' },
};

/** The binary of `runtime` for this platform, or undefined when none is provided here. */
export function binaryOf(runtime: string): string | undefined {
  const relative = BINARIES[runtime]?.[PLATFORM];
  return relative === undefined ? undefined : join(MODULES, relative);
}

/** The binary of `runtime`; fails the test with what to run when it is not installed. */
export function requireBinary(runtime: string): string {
  const binary = binaryOf(runtime);
  if (binary === undefined) throw new Error(`No ${runtime} package for ${PLATFORM}`);
  if (!existsSync(binary)) throw new Error(`${runtime} is not installed at ${binary}: ${INSTALL_HINT}`);
  return binary;
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** workerd's configuration: the bundled worker on `port`, allowed to reach loopback addresses (the emulator). */
export function workerdConfig(port: number, module = 'worker.mjs'): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "probe", worker = .probeWorker),
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "probe")],
);
const probeWorker :Workerd.Worker = (
  modules = [(name = "${module}", esModule = embed "${module}")],
  compatibilityDate = "2025-01-01",
  globalOutbound = "loopback",
);
`;
}

/** Resolves once the worker answers on `url`; rejects with its stderr after 15 s. */
export async function waitForWorker(url: string, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`workerd did not start: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

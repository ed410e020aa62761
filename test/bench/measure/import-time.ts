/**
 * What importing and constructing a client adds to a cold start: wall time of a fresh
 * `node` process that does it, minus that of a bare one. Node loads its built-in `fetch` lazily,
 * on first access; a client that reads `globalThis.fetch` when constructed pays that here, as
 * raw fetch does by binding it (the baseline row).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Wraps a client's import-and-construct code into the script a child process runs. */
export function importScript(importAndConstruct: string): string {
  return `const BASE_URL = 'http://127.0.0.1:9';\n${importAndConstruct}\n`;
}

/** Spawns `node --input-type=module -e <script>` from the package root; resolves its wall time in ms. */
export function timeNodeScript(script: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: packageRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const elapsed = performance.now() - start;
      if (code === 0) resolve(elapsed);
      else reject(new Error(`import-time script exited with code ${code}: ${stderr.trim()}`));
    });
  });
}

/** A fresh `node` process that reports one result: the last line it prints, as JSON. */
import { spawn } from 'node:child_process';

/**
 * Runs `node <args>` (from `cwd` when given) and resolves the last line of its standard output parsed as JSON;
 * rejects naming `what` when it exits non-zero (with its standard error) or prints no JSON line.
 */
export function runJsonChild<T>(args: readonly string[], what: string, cwd?: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
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
        reject(new Error(`${what} exited with code ${code}: ${stderr.trim().slice(0, 500)}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as T);
      } catch {
        reject(new Error(`${what} printed no result: ${stdout.trim().slice(0, 500)}`));
      }
    });
  });
}

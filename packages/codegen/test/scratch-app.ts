/**
 * What the codegen command's tests share: scratch app folders written from a map of files, removed after each test,
 * and the command run in-process on one, with what it printed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { type CodegenRunContext, runCodegen } from '../src/run.js';

const scratch: string[] = [];

// Every file that imports this module gets its scratch folders removed after each of its tests.
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch app folder holding `files` (paths relative to it, folders made as needed). */
export function app(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'wp-codegen-'));
  scratch.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** Runs the command in `cwd`; resolves to its exit code and what it printed. */
export async function codegen(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const context: CodegenRunContext = { cwd, env, out: (line) => out.push(line), err: (line) => err.push(line) };
  const code = await runCodegen(args, context);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * The `workspace-platform-emulator` command: prints its addresses and the demo tokens, serves, and
 * stops cleanly on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { BOARDS_QUERY, DEMO_TOKEN, postGraphQL } from './server-helpers.js';

const cli = fileURLToPath(new URL('../../src/emulator/cli.ts', import.meta.url));
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

/** Resolves with everything printed once `pattern` appears on stdout. */
function waitForOutput(process: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    process.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve(output);
    });
    process.once('exit', (code) => reject(new Error(`exited with ${code} before printing ${pattern}: ${output}`)));
  });
}

it('starts, prints baseUrl, authUrl and the demo token, serves, and stops on SIGTERM', async () => {
  child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const banner = await waitForOutput(child, /Press Ctrl\+C/);
  const baseUrl = /baseUrl\s+(http:\/\/\S+)/.exec(banner)?.[1];
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(banner).toMatch(/authUrl\s+http:\/\/127\.0\.0\.1:\d+/);
  expect(banner).toContain(DEMO_TOKEN);
  const res = await postGraphQL({ baseUrl: baseUrl! }, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN });
  expect(res.status).toBe(200);
  const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});

it('rejects a bad port with a usage message', async () => {
  child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child!.once('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toContain('--port');
  expect(stderr).toContain('Usage');
});

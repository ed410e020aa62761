/**
 * The command line of `workspace-platform-emulator`, turned into emulator options: flags for the
 * common settings and `--config file.json` for everything a JSON file can hold (limits, versions,
 * faults, tokens, apps, seed, …); flags win over the file. Pure apart from reading the file, which the
 * caller passes in. Every mistake is a {@link CliUsageError} that says what to fix.
 */
import { parseArgs } from 'node:util';
import { ENGINE_VERSIONS } from './engine/versions.js';
import type { EmulatorLimits, WindowedQuota } from './server/options.js';
import type { EmulatorOptions } from './start.js';

/** The command's help text. */
export const USAGE = `Usage: workspace-platform-emulator [options]

Runs a local Workspace Platform API emulator until interrupted.
  --port <n>                 Port to listen on (0 picks a free one). Default 4010.
  --host <address>           Interface to bind. Default 127.0.0.1.
  --minute-rate <q>[/<s>]    Requests per window (minuteRate): quota, optionally "/window seconds". Default 1000/60.
  --concurrency <n>          Requests in flight at once (concurrency). Default 40.
  --complexity <q>[/<s>]     Complexity budget per window (complexityMinute). Default 5000000/60.
  --daily <q>[/<s>]          Requests per day. Default 1000000/86400.
  --versions <v,v,...>       Supported API versions (a subset of ${ENGINE_VERSIONS.join(',')}).
  --default-version <v>      Version used when a request sends no API-Version. Default: the current one.
  --strict-versions          Refuse a deprecated or unknown API-Version with 400 instead of routing it.
  --complexity-error-style <status-429|graphql-error>
                             How an exhausted complexity budget is answered. Default status-429.
  --config <file.json>       Any emulator option as JSON: limits, versions, defaultVersion, versionRouting, faults, tokens,
                             idempotency, complexityErrorStyle, maxBodyBytes, maxUploadBytes, apps,
                             oauthUser, seed, maxRecords, port, host. Flags override the file.
  --quiet                    Do not print one line per request.
  -h, --help                 Print this text.

Example: workspace-platform-emulator --port 4010 --minute-rate 100/10 --concurrency 5`;

/** A command line the emulator cannot start from; the message says what to fix. */
export class CliUsageError extends Error {
  override name = 'CliUsageError' as const;
}

/** What the command line asks for. */
export type CliRequest = { help: true } | { help: false; quiet: boolean; options: EmulatorOptions };

/** Keys of the options a config file may set. */
const CONFIG_KEYS = [
  'port',
  'host',
  'limits',
  'versions',
  'defaultVersion',
  'versionRouting',
  'faults',
  'tokens',
  'idempotency',
  'complexityErrorStyle',
  'maxBodyBytes',
  'maxUploadBytes',
  'apps',
  'oauthUser',
  'seed',
  'maxRecords',
] as const;

const ARRAY_KEYS = new Set(['versions', 'faults', 'tokens', 'apps']);
const FAULT_KINDS = [
  'latency',
  'http-error',
  'drop-before-execute',
  'drop-after-execute',
  'reset-mid-body',
  'respond',
  'malformed-rate-limit-headers',
];
const OBJECT_KEYS = new Set(['limits', 'idempotency', 'seed']);

/** Parses `argv` (without node and the script); `readFile` reads the `--config` file as text. */
export function parseCli(argv: string[], readFile: (path: string) => string): CliRequest {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'minute-rate': { type: 'string' },
        concurrency: { type: 'string' },
        complexity: { type: 'string' },
        daily: { type: 'string' },
        versions: { type: 'string' },
        'default-version': { type: 'string' },
        'strict-versions': { type: 'boolean' },
        'complexity-error-style': { type: 'string' },
        config: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  if (values.help) return { help: true };

  const options: EmulatorOptions = typeof values.config === 'string' ? readConfig(values.config, readFile) : {};
  options.port ??= 4010;
  if (typeof values.port === 'string') options.port = integer(values.port, '--port', 0, 65_535);
  if (typeof values.host === 'string') options.host = values.host;
  const limits: EmulatorLimits = { ...options.limits };
  if (typeof values['minute-rate'] === 'string') limits.minuteRate = windowed(values['minute-rate'], '--minute-rate');
  if (typeof values.concurrency === 'string')
    limits.concurrency = { quota: integer(values.concurrency, '--concurrency', 1) };
  if (typeof values.complexity === 'string') limits.complexity = windowed(values.complexity, '--complexity');
  if (typeof values.daily === 'string') limits.daily = windowed(values.daily, '--daily');
  if (Object.keys(limits).length > 0) options.limits = limits;
  if (typeof values.versions === 'string')
    options.versions = values.versions.split(',').map((version) => version.trim());
  if (typeof values['default-version'] === 'string') options.defaultVersion = values['default-version'];
  if (values['strict-versions'] === true) options.versionRouting = 'refuse';
  const style = values['complexity-error-style'];
  if (typeof style === 'string') {
    if (style !== 'status-429' && style !== 'graphql-error') {
      throw new CliUsageError(`--complexity-error-style must be status-429 or graphql-error; got '${style}'.`);
    }
    options.complexityErrorStyle = style;
  }
  return { help: false, quiet: values.quiet === true, options };
}

/** Reads and checks a `--config` file. */
function readConfig(path: string, readFile: (path: string) => string): EmulatorOptions {
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    throw new CliUsageError(`--config: cannot read ${path}: ${(error as Error).message}`);
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new CliUsageError(`--config: ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new CliUsageError(`--config: ${path} must hold a JSON object of emulator options.`);
  }
  const unknown = Object.keys(config).filter((key) => !(CONFIG_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw new CliUsageError(
      `--config: unknown option${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} in ${path}. Known: ${CONFIG_KEYS.join(', ')}.`,
    );
  }
  for (const [key, value] of Object.entries(config)) {
    if (ARRAY_KEYS.has(key) && !Array.isArray(value)) throw new CliUsageError(`--config: ${key} must be an array.`);
    if (OBJECT_KEYS.has(key) && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new CliUsageError(`--config: ${key} must be an object.`);
    }
  }
  const { faults, tokens } = config as { faults?: unknown[]; tokens?: unknown[] };
  faults?.forEach((fault, index) => {
    const kind = (fault as { kind?: unknown } | null)?.kind;
    if (typeof kind !== 'string' || !FAULT_KINDS.includes(kind)) {
      throw new CliUsageError(`--config: faults[${index}].kind must be one of ${FAULT_KINDS.join(', ')}.`);
    }
  });
  tokens?.forEach((entry, index) => {
    const { token, accountId, userId } = (entry ?? {}) as { token?: unknown; accountId?: unknown; userId?: unknown };
    if (typeof token !== 'string' || token === '' || typeof accountId !== 'number' || typeof userId !== 'number') {
      throw new CliUsageError(
        `--config: tokens[${index}] needs a non-empty "token" and numeric "accountId" and "userId".`,
      );
    }
  });
  return config as EmulatorOptions;
}

/** A whole number in [min, max] from a flag's text. */
function integer(text: string, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    throw new CliUsageError(`${flag} must be a whole number from ${min} to ${max}; got '${text}'.`);
  }
  return value;
}

/** `quota` or `quota/windowSeconds`. */
function windowed(text: string, flag: string): WindowedQuota {
  const [quota, seconds, extra] = text.split('/');
  if (quota === undefined || extra !== undefined)
    throw new CliUsageError(`${flag} takes <quota> or <quota>/<seconds>; got '${text}'.`);
  const result: WindowedQuota = { quota: integer(quota, flag, 1) };
  if (seconds !== undefined) result.windowSeconds = integer(seconds, `${flag} window`, 1);
  return result;
}

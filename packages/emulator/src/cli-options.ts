/**
 * The command line of `workspace-platform-emulator`, turned into emulator options: flags for the
 * common settings and `--config file.json` for everything a JSON file can hold (limits, versions,
 * faults, tokens, apps, seed, webhooks, …); flags win over the file. The webhook signing secret comes from the
 * environment ({@link WEBHOOK_SECRET_ENV}), never from a flag, which any user of the machine can read in the process
 * list. Pure apart from reading the file and the environment, which the caller passes in. Every mistake is a
 * {@link CliUsageError} that says what to fix, and no message ever holds the secret.
 */
import { parseArgs } from 'node:util';
import { isApiVersion } from 'workspace-platform-sdk';
import { ENGINE_VERSIONS, VERSION_FORM_HINT } from './engine/versions.js';
import type { EmulatorOptions } from './options.js';
import type { EmulatorLimits, WindowedQuota } from './server/options.js';
import { checkEmulatorOptions, EMULATOR_OPTIONS_SHAPE } from './settings/emulator-settings.js';
import { nearestName } from './settings/suggest.js';
import { EmulatorSettingsError } from './settings-error.js';

/** The environment variable holding the signing secret of the emulator's webhook deliveries. */
export const WEBHOOK_SECRET_ENV = 'WORKSPACE_PLATFORM_EMULATOR_WEBHOOK_SECRET';

/** The command's help text. */
export const USAGE = `Usage: workspace-platform-emulator [options]

Runs a local Workspace Platform API emulator until interrupted.
  --port <n>                 Port to listen on (0 picks a free one). Default 4010.
  --host <address>           Interface to bind. Default 127.0.0.1.
  --minute-rate <q>[/<s>]    Requests per window (minuteRate): quota, optionally "/window seconds". Default 1000/60.
  --concurrency <n>          Requests in flight at once (concurrency). Default 40.
  --complexity <q>[/<s>]     Complexity budget per window (complexityMinute). Default 10000000/60.
  --daily <q>[/<s>]          Requests per day. Default 1000000/86400.
  --versions <v,v,...>       Supported API versions (a subset of ${ENGINE_VERSIONS.join(',')}).
  --default-version <v>      Version used when a request sends no API-Version. Default: the current one.
  --strict-versions          Refuse a deprecated or unknown API-Version with 400 instead of routing it.
  --complexity-error-style <status-429|graphql-error>
                             How an exhausted complexity budget is answered. Default status-429.
  --webhooks                 Deliver webhook events to the (loopback) URLs of create_webhook, retrying failures.
                             Signed with the secret in the environment variable
                             ${WEBHOOK_SECRET_ENV}, which turns delivery on by itself.
  --snapshot <file>          Start from a state file: a snapshot of real boards (the snapshot command) or a
                             state saved by --export-on-exit; its boards are served with their ids, and the
                             demo tokens act as the user who took the snapshot.
  --with-sample-data         With --snapshot: serve the sample data beside the file's boards.
  --export-on-exit <file>    On Ctrl+C, write the emulator's whole state to <file> (load it with --snapshot).
  --config <file.json>       Any emulator option as JSON: limits, versions, defaultVersion, versionRouting,
                             faults, tokens, idempotency, complexityErrorStyle, maxBodyBytes, maxUploadBytes,
                             apps, oauthUser, oauthRateLimit, seed, cursorTtlMs, webhooks, bulk, maxRecords, port,
                             host.
                             Flags override the file; an unknown or misspelled key is refused.
  --quiet                    Do not print one line per request.
  -h, --help                 Print this text.

Example: workspace-platform-emulator --port 4010 --minute-rate 100/10 --concurrency 5

       workspace-platform-emulator snapshot --from <base-url> --board <id> --output <file>
Reads real boards into a state file (run it with --help for its options).

       workspace-platform-emulator parity --against <base-url> --documents "<glob>"
Runs your operations against the API and against a snapshot of their boards, and reports the differences.`;

/** A command line the emulator cannot start from; the message says what to fix. */
export class CliUsageError extends Error {
  override name = 'CliUsageError' as const;
}

/** What the command line asks for. */
export type CliRequest = { help: true } | { help: false; quiet: boolean; options: EmulatorOptions };

/** Keys of the options a config file may set: every option JSON can hold (functions cannot). */
const CONFIG_KEYS = Object.keys(EMULATOR_OPTIONS_SHAPE.fields ?? {}).filter(
  (key) => EMULATOR_OPTIONS_SHAPE.fields?.[key]?.type !== 'function',
);

/** The command's flags, as `parseArgs` takes them. */
const FLAGS = {
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
  webhooks: { type: 'boolean' },
  snapshot: { type: 'string' },
  'with-sample-data': { type: 'boolean' },
  'export-on-exit': { type: 'string' },
  config: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/**
 * Parses `argv` (without node and the script); `readFile` reads the `--config` file as text; `env` is the process
 * environment, read for {@link WEBHOOK_SECRET_ENV} only.
 * @throws {@link CliUsageError} saying what to fix.
 */
export function parseCli(
  argv: string[],
  readFile: (path: string) => string,
  env: Readonly<Record<string, string | undefined>> = {},
): CliRequest {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, options: FLAGS }));
  } catch (error) {
    throw new CliUsageError(withFlagSuggestion(error as Error & { code?: string }));
  }
  if (values.help) return { help: true };

  const options: EmulatorOptions = typeof values.config === 'string' ? readConfig(values.config, readFile) : {};
  options.port ??= 4010;
  if (typeof values.port === 'string') options.port = integer(values.port, '--port', 0, 65_535);
  if (typeof values.host === 'string') {
    if (values.host.trim() === '') throw new CliUsageError('--host must name an interface; got an empty value.');
    options.host = values.host;
  }
  const limits: EmulatorLimits = { ...options.limits };
  if (typeof values['minute-rate'] === 'string') limits.minuteRate = windowed(values['minute-rate'], '--minute-rate');
  if (typeof values.concurrency === 'string')
    limits.concurrency = { quota: integer(values.concurrency, '--concurrency', 1) };
  if (typeof values.complexity === 'string') limits.complexity = windowed(values.complexity, '--complexity');
  if (typeof values.daily === 'string') limits.daily = windowed(values.daily, '--daily');
  if (Object.keys(limits).length > 0) options.limits = limits;
  if (typeof values.versions === 'string')
    options.versions = values.versions.split(',').map((version) => apiVersion(version.trim(), '--versions'));
  if (typeof values['default-version'] === 'string')
    options.defaultVersion = apiVersion(values['default-version'], '--default-version');
  if (values['strict-versions'] === true) options.versionRouting = 'refuse';
  const style = values['complexity-error-style'];
  if (typeof style === 'string') {
    if (style !== 'status-429' && style !== 'graphql-error') {
      throw new CliUsageError(`--complexity-error-style must be status-429 or graphql-error; got '${style}'.`);
    }
    options.complexityErrorStyle = style;
  }
  if (typeof values.snapshot === 'string') {
    if (values.snapshot.trim() === '')
      throw new CliUsageError('--snapshot must name a state file; got an empty value.');
    options.snapshot = values.snapshot;
  }
  if (values['with-sample-data'] === true) {
    if (options.snapshot === undefined)
      throw new CliUsageError('--with-sample-data is for --snapshot: without it the sample data is served already.');
    options.sampleData = true;
  }
  if (typeof values['export-on-exit'] === 'string') {
    if (values['export-on-exit'].trim() === '')
      throw new CliUsageError('--export-on-exit must name a file to write; got an empty value.');
    options.exportOnExit = values['export-on-exit'];
  }
  if (options.snapshot !== undefined && options.seed !== undefined)
    throw new CliUsageError(
      '--snapshot and a seed in --config cannot both be given: the file holds the data to start from.',
    );
  const secret = env[WEBHOOK_SECRET_ENV];
  if (secret !== undefined && secret.trim() === '') {
    throw new CliUsageError(`${WEBHOOK_SECRET_ENV} is set but empty; set it to the app's signing secret, or unset it.`);
  }
  if (values.webhooks === true || secret !== undefined) {
    options.webhooks = { ...options.webhooks, ...(secret === undefined ? {} : { signingSecret: secret }) };
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
  const unknown = Object.keys(config).find((key) => !CONFIG_KEYS.includes(key));
  if (unknown !== undefined) {
    const near = nearestName(unknown, CONFIG_KEYS);
    const hint = near ? `; did you mean ${near}?` : '.';
    throw new CliUsageError(`--config: unknown option ${unknown} in ${path}${hint} Known: ${CONFIG_KEYS.join(', ')}.`);
  }
  try {
    checkEmulatorOptions(config, '--config:');
  } catch (error) {
    if (error instanceof EmulatorSettingsError)
      throw new CliUsageError(`${error.message.replace(/\.$/, '')} (in ${path}).`);
    throw error;
  }
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

/** A flag's API version, of the platform's form (whether it is served is checked at start). */
function apiVersion(text: string, flag: string): string {
  if (!isApiVersion(text))
    throw new CliUsageError(`${flag} takes versions shaped ${VERSION_FORM_HINT}; got '${text}'.`);
  return text;
}

/** `parseArgs`'s message, with the nearest flag suggested for an unknown one. */
function withFlagSuggestion(error: Error & { code?: string }): string {
  if (error.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return error.message;
  const given = /'(-{1,2}[^']*)'/.exec(error.message)?.[1];
  const near = given ? nearestName(given.replace(/^-+/, '').split('=')[0]!, Object.keys(FLAGS)) : undefined;
  return near ? `Unknown option '${given}'; did you mean --${near}?` : error.message;
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

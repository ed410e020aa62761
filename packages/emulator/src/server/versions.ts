/**
 * API versions: which are supported, which is the default, and how a requested one is resolved.
 *
 * Rule map (calendar and routes in ../engine/versions.ts):
 * - No `API-Version` (or a blank one): the default, which is the `defaultVersion` option, else the version current
 *   on the emulator's clock when supported, else the engine's default.
 * - A supported version: answered as itself.
 * - A deprecated version with an announced route to a supported one: answered by it, with a `deprecatedVersion`
 *   warning naming both (the platform routes silently; its changelog announces each route).
 * - Anything else (an unknown, unsupported or malformed version): answered by the default, with an
 *   `unsupportedVersion` warning, as the platform falls back to its current version.
 * - `versionRouting: 'refuse'`: both of the last two get the 400 `UNSUPPORTED_API_VERSION` instead.
 * Pinned by packages/emulator/test/server-versions.test.ts.
 */
import { isApiVersion } from 'workspace-platform-sdk';
import type { EmulatorClock, ResponseWarning } from '../contract.js';
import { currentVersion, routedVersion, VERSION_FORM_HINT } from '../engine/versions.js';
import { WARNING_CODES } from '../engine/warnings.js';
import { EmulatorSettingsError } from '../settings-error.js';

/** The outcome of resolving a requested version. */
export type VersionResolution =
  | { ok: true; version: string; warning?: ResponseWarning }
  | { ok: false; message: string };

/** What a call for an unsupported version gets: answered by another version with a warning, or refused. */
export type VersionRouting = 'route' | 'refuse';

/** The versions this emulator serves. */
export class VersionPolicy {
  readonly supported: readonly string[];
  readonly #engineDefault: string;
  readonly #preferred: string | undefined;
  readonly #clock: EmulatorClock;
  readonly #routing: VersionRouting;

  /** @throws {@link EmulatorSettingsError} when the engine cannot serve a version asked for, or the default is not among them. */
  constructor(
    engineVersions: readonly string[],
    engineDefault: string,
    options: { only?: readonly string[]; preferred?: string; clock: EmulatorClock; routing?: VersionRouting },
  ) {
    const supported = options.only ?? engineVersions;
    for (const version of supported) {
      if (!engineVersions.includes(version)) {
        throw new EmulatorSettingsError(
          'versions',
          `Emulator option versions: the engine cannot serve ${version} (it serves ${engineVersions.join(', ')})`,
        );
      }
    }
    if (supported.length === 0)
      throw new EmulatorSettingsError('versions', 'Emulator option versions must name at least one version.');
    if (options.preferred !== undefined && !supported.includes(options.preferred)) {
      throw new EmulatorSettingsError(
        'defaultVersion',
        `Emulator option defaultVersion must be one of: ${supported.join(', ')}`,
      );
    }
    const routing = options.routing ?? 'route';
    if (routing !== 'route' && routing !== 'refuse') {
      throw new EmulatorSettingsError(
        'versionRouting',
        `Emulator option versionRouting must be "route" or "refuse"; got ${String(routing)}.`,
      );
    }
    this.supported = [...supported];
    this.#engineDefault = engineDefault;
    this.#preferred = options.preferred;
    this.#clock = options.clock;
    this.#routing = routing;
  }

  /** The version used when a request names none, on the emulator's clock now. */
  get defaultVersion(): string {
    if (this.#preferred !== undefined) return this.#preferred;
    const current = currentVersion(new Date(this.#clock.now()));
    if (this.supported.includes(current)) return current;
    if (this.supported.includes(this.#engineDefault)) return this.#engineDefault;
    return this.supported.at(-1) as string;
  }

  /** Resolves a requested version; none (or blank) means the default. */
  resolve(requested: string | null | undefined): VersionResolution {
    const value = requested?.trim();
    if (!value) return { ok: true, version: this.defaultVersion };
    if (this.supported.includes(value)) return { ok: true, version: value };
    const shape = isApiVersion(value) ? 'is not supported' : `is not a version (expected ${VERSION_FORM_HINT})`;
    if (this.#routing === 'refuse') {
      return {
        ok: false,
        message: `API version "${printable(value)}" ${shape}. Supported versions: ${this.supported.join(', ')}.`,
      };
    }
    const routed = routedVersion(value, new Date(this.#clock.now()));
    if (routed !== undefined && this.supported.includes(routed)) {
      return {
        ok: true,
        version: routed,
        warning: {
          message: `API version ${value} is deprecated; this request was answered by version ${routed}. Move to a supported version.`,
          extensions: { code: WARNING_CODES.deprecatedVersion, requested_version: value, answered_version: routed },
        },
      };
    }
    const answered = this.defaultVersion;
    return {
      ok: true,
      version: answered,
      warning: {
        message: `API version "${printable(value)}" ${shape}; this request was answered by version ${answered}. Supported versions: ${this.supported.join(', ')}.`,
        extensions: {
          code: WARNING_CODES.unsupportedVersion,
          requested_version: printable(value),
          answered_version: answered,
        },
      },
    };
  }
}

function printable(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

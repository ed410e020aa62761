import { isApiVersionFormat } from '../../api-version-format.js';
import { EmulatorSettingsError } from '../settings/error.js';

/**
 * API versions: which are supported, which is the default, and how a requested one is resolved.
 */

/** The outcome of resolving a requested version. */
export type VersionResolution = { ok: true; version: string } | { ok: false; message: string };

/** The versions this emulator serves. */
export class VersionPolicy {
  readonly supported: readonly string[];
  readonly defaultVersion: string;

  /** @throws {EmulatorSettingsError} when the engine cannot serve a version asked for, or the default is not among them. */
  constructor(engineVersions: readonly string[], engineDefault: string, only?: readonly string[], preferred?: string) {
    const supported = only ?? engineVersions;
    for (const version of supported) {
      if (!engineVersions.includes(version)) {
        throw new EmulatorSettingsError(
          'versions',
          `Emulator option versions: the engine cannot serve ${version} (it serves ${engineVersions.join(', ')})`,
        );
      }
    }
    const defaultVersion = preferred ?? (supported.includes(engineDefault) ? engineDefault : supported.at(-1));
    if (defaultVersion === undefined || !supported.includes(defaultVersion)) {
      throw new EmulatorSettingsError(
        'defaultVersion',
        `Emulator option defaultVersion must be one of: ${supported.join(', ')}`,
      );
    }
    this.supported = [...supported];
    this.defaultVersion = defaultVersion;
  }

  /** Resolves a requested version; none (or blank) means the default. */
  resolve(requested: string | null | undefined): VersionResolution {
    const value = requested?.trim();
    if (!value) return { ok: true, version: this.defaultVersion };
    if (this.supported.includes(value)) return { ok: true, version: value };
    const shape = isApiVersionFormat(value) ? 'is not supported' : 'is not a version (expected YYYY-MM)';
    return {
      ok: false,
      message: `API version "${printable(value)}" ${shape}. Supported versions: ${this.supported.join(', ')}.`,
    };
  }
}

function printable(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

/**
 * API versions the emulator serves, and what differs between them.
 */
import { API_VERSION } from '../../version.js';

/** Versions the engine serves, oldest first (newest last). */
export const ENGINE_VERSIONS = ['2024-07', '2024-10', '2025-01', '2025-04'] as const;

/** One version the engine serves. */
export type EngineVersion = (typeof ENGINE_VERSIONS)[number];

/** The version used when a request names none: the SDK's pinned version. */
export const DEFAULT_VERSION: EngineVersion = API_VERSION;

/** Lifecycle label of each version, as `Query.version.kind` reports it. */
export const VERSION_KINDS: Readonly<Record<EngineVersion, string>> = {
  '2024-07': 'maintenance',
  '2024-10': 'current',
  '2025-01': 'release_candidate',
  '2025-04': 'dev',
};

/** True when `version` is served by the engine. */
export function isEngineVersion(version: string): version is EngineVersion {
  return (ENGINE_VERSIONS as readonly string[]).includes(version);
}

/** Schema features that appeared after some version. */
export interface VersionFeatures {
  /** `Query.boards(latest: Boolean)`: added in 2025-01. */
  boardsLatestArgument: boolean;
}

/** The schema features of `version`. */
export function featuresOf(version: EngineVersion): VersionFeatures {
  return { boardsLatestArgument: version >= '2025-01' };
}

/**
 * API versions the emulator serves, and the ONE list of what differs between them.
 *
 * Every served version's schema is the published structure (./schema/published-sdl.ts, the newest version) with
 * the {@link VERSION_DIFFERENCES} that arrived after that version taken out. Nothing else varies by version.
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

/**
 * A schema element that first appeared in version `since`, named by its schema coordinate:
 * `Type`, `Type.field`, `Type.field(argument:)` or `Enum.VALUE`.
 */
export interface VersionDifference {
  since: EngineVersion;
  coordinate: string;
}

/** Every known difference between the served versions, oldest first. */
export const VERSION_DIFFERENCES: readonly VersionDifference[] = [
  { since: '2025-01', coordinate: 'Query.boards(latest:)' },
];

/** Coordinates of the published schema that `version` does not have yet. */
export function absentIn(version: EngineVersion): ReadonlySet<string> {
  return new Set(
    VERSION_DIFFERENCES.filter((difference) => difference.since > version).map((difference) => difference.coordinate),
  );
}

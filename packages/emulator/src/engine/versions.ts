/**
 * API versions: which the emulator serves, and the platform's version calendar.
 *
 * Rule map (the platform's versioning page, https://developer.monday.com/api-reference/docs/api-versioning):
 * - A version is named for the month it becomes current (01, 04, 07, 10): `isQuarterVersion` (the client's rule).
 * - Release candidate for the 3 months before, current for 3 months, maintenance for 3 more, then
 *   `old__maintenance` until a deprecation is announced: {@link versionKind}.
 * - A deprecated version is answered by a newer one, only where announced: `ANNOUNCED_DEPRECATIONS` and
 *   `routedVersion`, in ./deprecations.ts (shared with `workspace-platform-emulator/schemas`).
 * - The version used when a request names none is the current one: {@link currentVersion}.
 * - Each served version is the platform's published structure of that version (./schema/published/); nothing
 *   else varies by version.
 */
import { isDeprecated } from './deprecations.js';
import { PUBLISHED_VERSIONS, type PublishedVersion } from './schema/published/index.js';

/** Versions the engine serves as themselves, oldest first (newest last). */
export const ENGINE_VERSIONS: readonly PublishedVersion[] = PUBLISHED_VERSIONS;

/** One version the engine serves. */
export type EngineVersion = PublishedVersion;

/**
 * The platform's current version on the day this package was built, and the engine's fallback default. An
 * emulator derives its default from its clock ({@link currentVersion}); this is the same on today's date.
 */
export const DEFAULT_VERSION: EngineVersion = '2026-10';

/** A version's state on a given day, as `Version.kind` reports it. */
export type VersionKind = 'release_candidate' | 'current' | 'maintenance' | 'old__maintenance' | 'deprecated';

/** True when `value` has the platform's version form: a year and a quarter month (`2026-10`); one rule with the client's. */
export { isApiVersion as isQuarterVersion } from 'workspace-platform-sdk';
export { ANNOUNCED_DEPRECATIONS, type AnnouncedDeprecation, routedVersion } from './deprecations.js';

/** What a version name looks like, for the emulator's messages. */
export const VERSION_FORM_HINT = "YYYY-MM with a quarter month (01, 04, 07 or 10), e.g. '2026-10'";

/** True when `version` is served by the engine as itself. */
export function isEngineVersion(version: string): version is EngineVersion {
  return (ENGINE_VERSIONS as readonly string[]).includes(version);
}

/** UTC midnight of the first day of the month `months` after `version`'s month. */
function monthStart(version: string, months: number): number {
  const [year, month] = version.split('-').map(Number) as [number, number];
  return Date.UTC(year, month - 1 + months, 1);
}

/** The state of a quarter `version` at `at`, or `undefined` before its release candidate was published. */
export function versionKind(version: string, at: Date): VersionKind | undefined {
  const time = at.getTime();
  if (isDeprecated(version, at)) return 'deprecated';
  if (time < monthStart(version, -3)) return undefined;
  if (time < monthStart(version, 0)) return 'release_candidate';
  if (time < monthStart(version, 3)) return 'current';
  if (time < monthStart(version, 6)) return 'maintenance';
  return 'old__maintenance';
}

/** The version that is current at `at` (the quarter version whose month began most recently). */
export function currentVersion(at: Date): string {
  const year = at.getUTCFullYear();
  const month = Math.floor(at.getUTCMonth() / 3) * 3 + 1;
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Display name of a version kind, as `Version.display_name` reports it (`release_candidate` → `Release Candidate`). */
export function kindDisplayName(kind: VersionKind): string {
  return kind
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The platform's announced version deprecations, and which version answers a deprecated one: data and pure
 * functions only, so `workspace-platform-emulator/schemas` (and through it the codegen) can read them without the
 * engine. Sources: the versioning page (https://developer.monday.com/api-reference/docs/api-versioning) and the
 * changelog's "Reminder: January 15th, 2025 API version deprecations" and "Deprecating versions 2025-01 and 2024-10
 * on February 15th, 2026". Pinned by test/engine-versions.test.ts.
 */

/** An announced deprecation: from `from` (UTC midnight), calls for the version are answered by `routedTo`. */
export interface AnnouncedDeprecation {
  from: string;
  routedTo: string;
}

/** Every deprecation the platform announced, by version. A version not listed is never deprecated here. */
export const ANNOUNCED_DEPRECATIONS: Readonly<Record<string, AnnouncedDeprecation>> = {
  '2023-10': { from: '2025-01-15', routedTo: '2024-10' },
  '2024-01': { from: '2025-01-15', routedTo: '2024-10' },
  '2024-04': { from: '2025-01-15', routedTo: '2024-10' },
  '2024-07': { from: '2025-01-15', routedTo: '2024-10' },
  '2024-10': { from: '2026-02-15', routedTo: '2025-04' },
  '2025-01': { from: '2026-02-15', routedTo: '2025-04' },
};

/** True when `version`'s announced deprecation has begun at `at`. */
export function isDeprecated(version: string, at: Date): boolean {
  const deprecation = ANNOUNCED_DEPRECATIONS[version];
  return deprecation !== undefined && at.getTime() >= Date.parse(deprecation.from);
}

/**
 * The version that answers a call for deprecated `version` at `at`, following announced routes (a version routed
 * to one deprecated later is answered by that one's route), or `undefined` when `version` is not deprecated then.
 */
export function routedVersion(version: string, at: Date): string | undefined {
  let answer: string | undefined;
  let next = version;
  for (let hops = 0; hops < 10 && isDeprecated(next, at); hops += 1) {
    const route = ANNOUNCED_DEPRECATIONS[next]?.routedTo;
    if (!route) break;
    answer = route;
    next = route;
  }
  return answer;
}

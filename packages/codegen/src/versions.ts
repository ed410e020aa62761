/**
 * Which API version codegen generates for, from the one asked for. Rule map (facts from
 * `workspace-platform-emulator/schemas`: the published versions and the platform's announced deprecations):
 * - a published version that is not retired: itself;
 * - a retired version (an announced deprecation in force): the version the platform answers it with (2024-10 and
 *   2025-01 by 2025-04 since 2026-02-15), with a note saying so; the generated documents carry that version, so the
 *   client sends what answers anyway and the types match the answers;
 * - any other version (not published yet, or unknown): refused, with the published list (a usage error, exit 2),
 *   unless the caller gives the schema itself (`--schema`, `schema:`), which is how to generate for a version newer
 *   than this package.
 * Pinned by test/versions.test.ts.
 */
import { ANNOUNCED_DEPRECATIONS, PUBLISHED_VERSIONS, routedVersion } from 'workspace-platform-emulator/schemas';

/** The version to generate for, or why there is none. */
export type VersionChoice =
  | {
      ok: true;
      /** The version the types and documents are for. */
      version: string;
      /** What to tell the user when it is not the version asked for. */
      note?: string;
    }
  | { ok: false; message: string };

/**
 * The version to generate for when `requested` is asked for at `at`; `ownSchema` when the caller supplies the SDL
 * (a version this package does not know is then taken as given).
 */
export function chooseVersion(requested: string, at: Date, ownSchema = false): VersionChoice {
  const answeredBy = routedVersion(requested, at);
  if (answeredBy !== undefined && (PUBLISHED_VERSIONS as readonly string[]).includes(answeredBy)) {
    const since = ANNOUNCED_DEPRECATIONS[requested]?.from;
    return {
      ok: true,
      version: answeredBy,
      note: `API version ${requested} is retired: since ${since} the platform's calls for it are answered by ${answeredBy}, so the types and documents are generated for ${answeredBy}.`,
    };
  }
  if ((PUBLISHED_VERSIONS as readonly string[]).includes(requested) || ownSchema)
    return { ok: true, version: requested };
  return {
    ok: false,
    message: `API version ${requested} is not published; published versions: ${PUBLISHED_VERSIONS.join(', ')}. For a newer version, update this package or give its schema with --schema.`,
  };
}

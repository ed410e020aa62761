/**
 * The Workspace Platform API version this SDK is generated for and sends by default.
 *
 * This is the single place the pinned version lives: `npm run codegen` fetches the schema of this
 * version, and {@link PlatformClient} sends it as the `API-Version` header unless told otherwise,
 * so the generated types and the version on the wire cannot disagree.
 */
export const API_VERSION = '2026-10' as const;

/** The literal type of {@link API_VERSION}. */
export type PinnedApiVersion = typeof API_VERSION;

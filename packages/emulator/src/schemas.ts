/**
 * `workspace-platform-emulator/schemas`: the schema of every published API version the emulator serves, as SDL
 * text, without loading the emulator itself (graphql and node:zlib only), and the platform's announced version
 * deprecations (which version answers a retired one). `workspace-platform-codegen` generates offline from it, so
 * offline types are exactly what the emulator serves, and refuses or routes versions by the same facts.
 *
 * ```ts
 * import { PUBLISHED_VERSIONS, publishedSdl } from 'workspace-platform-emulator/schemas';
 * const sdl = publishedSdl(PUBLISHED_VERSIONS.at(-1)!);
 * ```
 *
 * @packageDocumentation
 * @module workspace-platform-emulator/schemas
 */
export { ANNOUNCED_DEPRECATIONS, type AnnouncedDeprecation, routedVersion } from './engine/deprecations.js';
export { PUBLISHED_VERSIONS, type PublishedVersion } from './engine/schema/published/index.js';
export { isPublishedVersion, publishedSdl } from './engine/schema/published-sdl.js';

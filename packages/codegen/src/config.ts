/**
 * `platformCodegenConfig`: the graphql-codegen configuration for apps that keep their own `codegen.ts`.
 * It generates exactly what `workspace-platform-codegen` does, through graphql-codegen's own command.
 */

import { publishedSdl } from 'workspace-platform-emulator/schemas';
import { API_VERSION, isApiVersion } from 'workspace-platform-sdk';
import { createPlatformPlugin } from './plugin.js';
import { BASE_URL_ENV, schemaUrl, VERSION_FORM_HINT } from './settings.js';
import { loadToolchain } from './toolchain.js';
import { chooseVersion } from './versions.js';

/** Options of {@link platformCodegenConfig}. */
export interface PlatformCodegenOptions {
  /** Globs of the `.graphql` files holding the app's operations, e.g. `'src/**\/*.graphql'`. */
  documents: string | string[];
  /** The generated file, e.g. `'src/platform.generated.ts'`. */
  output: string;
  /**
   * The API version to generate for, `YYYY-MM`. Default: this package's `API_VERSION`. An unpublished version is
   * refused (unless `schema` gives its SDL); a retired one is generated for the version the platform answers it with.
   */
  apiVersion?: string;
  /**
   * Where the schema comes from: an SDL file, or a URL read with GET as SDL. Default: the API host in
   * `WORKSPACE_PLATFORM_BASE_URL` when set, else the SDL of the emulator built into this package (offline).
   */
  schema?: string;
}

/** The name the platform plugin goes by in the configuration. */
export const PLATFORM_PLUGIN_NAME = 'workspace-platform';

/** A graphql-codegen configuration (the subset of `CodegenConfig` from `@graphql-codegen/cli` it uses). */
export interface PlatformCodegenConfig {
  overwrite: boolean;
  silent: boolean;
  schema: (string | Record<string, { handleAsSDL: true }>)[];
  documents: string[];
  generates: Record<string, { plugins: string[]; config: { apiVersion: string } }>;
  /** Hands graphql-codegen the platform plugin (which runs the graphql-codegen plugins installed beside it) and any other. */
  pluginLoader: (name: string) => Promise<unknown>;
}

/** The SDL the emulator serves for `apiVersion` (its published structure, from `workspace-platform-emulator/schemas`). */
export function embeddedSdl(apiVersion: string): string {
  return publishedSdl(apiVersion);
}

function schemaPointer(schema: string): string | Record<string, { handleAsSDL: true }> {
  // An SDL URL is only read as SDL with handleAsSDL; otherwise graphql-codegen sends an introspection POST.
  return /^https?:\/\//i.test(schema) ? { [schema]: { handleAsSDL: true } } : schema;
}

/**
 * The graphql-codegen configuration that generates, for the operations in `documents`, the same typed
 * documents as the built-ins: `FooDocument`, `FooQuery`, `FooQueryVariables`, the same scalar mapping, each
 * document carrying `apiVersion`. Needs `@graphql-codegen/cli` and the plugins named in the README.
 *
 * @example
 * ```ts
 * // codegen.ts
 * import { platformCodegenConfig } from 'workspace-platform-codegen';
 * export default platformCodegenConfig({ documents: 'src/**\/*.graphql', output: 'src/platform.generated.ts' });
 * ```
 *
 * A retired `apiVersion` (2024-10, answered by 2025-04 since 2026-02-15) is generated for the version that answers
 * it, and a warning says so on the console.
 *
 * @throws RangeError when `apiVersion` is not `YYYY-MM` or is not published (the message lists the published
 * versions), or the schema URL (`schema`, or `WORKSPACE_PLATFORM_BASE_URL`) carries credentials.
 */
export function platformCodegenConfig(options: PlatformCodegenOptions): PlatformCodegenConfig {
  const asked = options.apiVersion ?? API_VERSION;
  if (!isApiVersion(asked)) throw new RangeError(`apiVersion must be ${VERSION_FORM_HINT}; got "${asked}".`);
  const choice = chooseVersion(asked, new Date(), options.schema !== undefined);
  if (!choice.ok) throw new RangeError(`platformCodegenConfig: ${choice.message}`);
  if (choice.note) console.warn(`platformCodegenConfig: ${choice.note}`);
  const apiVersion = choice.version;
  const base = process.env[BASE_URL_ENV];
  for (const [label, url] of [
    [BASE_URL_ENV, base],
    ['schema', options.schema],
  ] as const) {
    // As the client refuses them in baseUrl: graphql-codegen would print the URL, credentials and all, in its errors.
    if (url && /^https?:\/\/[^/?#]*@/i.test(url))
      throw new RangeError(`${label} must not carry credentials (user:password@).`);
  }
  const schema = options.schema ?? (base ? schemaUrl(base, apiVersion) : embeddedSdl(apiVersion));
  let plugin: Promise<unknown> | undefined;
  return {
    overwrite: true,
    silent: true,
    schema: [schemaPointer(schema)],
    documents: typeof options.documents === 'string' ? [options.documents] : [...options.documents],
    generates: { [options.output]: { plugins: [PLATFORM_PLUGIN_NAME], config: { apiVersion } } },
    pluginLoader: async (name) => {
      if (name === `@graphql-codegen/${PLATFORM_PLUGIN_NAME}`) {
        plugin ??= loadToolchain().then(createPlatformPlugin);
        return plugin;
      }
      return import(name); // any other plugin an app adds to the configuration
    },
  };
}

/**
 * The generation settings shared by every way this package generates typed operations (the built-ins,
 * the `workspace-platform-codegen` command and `platformCodegenConfig`), and the toolchain they need.
 */

/** The graphql-codegen packages the generator runs, with the ranges this package is tested with. */
export const CODEGEN_TOOLCHAIN = {
  operations: { name: '@graphql-codegen/typescript-operations', range: '^6.1.9' },
  documents: { name: '@graphql-codegen/typed-document-node', range: '^7.1.1' },
} as const;

/** The package graphql-codegen's own command needs, for apps that keep a `codegen.ts`. */
export const CODEGEN_CLI = { name: '@graphql-codegen/cli', range: '^7.4.3' } as const;

/** The one command that installs the toolchain the generator needs. */
export const INSTALL_COMMAND = `npm install -D ${Object.values(CODEGEN_TOOLCHAIN)
  .map((tool) => `${tool.name}@${tool.range}`)
  .join(' ')}`;

/** How the API's custom scalars are typed: inputs accept what the API accepts, outputs are what it returns. */
export const PLATFORM_SCALARS = {
  ID: { input: 'string | number', output: 'string' },
  JSON: { input: 'string', output: 'string' },
  Date: 'string',
  ISO8601DateTime: 'string',
  CompareValue: { input: 'string | number | Array<string | number>', output: 'unknown' },
  File: { input: 'Blob', output: 'never' },
  // Declared by 2025-10 and later for a schema directive's argument; no field or argument has this type.
  policy__Policy: 'never',
} as const;

/**
 * The plugin settings of every generated file: documents as pre-printed strings (no graphql at run time),
 * marked pure so bundlers drop unused ones, list variables as arrays, string-literal enums, strict scalars.
 */
export const PLATFORM_PLUGIN_CONFIG = {
  documentMode: 'string',
  useTypeImports: true,
  pureMagicComment: true,
  arrayInputCoercion: false,
  enumType: 'string-literal',
  strictScalars: true,
  scalars: PLATFORM_SCALARS,
} as const;

/** What a version name looks like, for messages. */
export const VERSION_FORM_HINT = "YYYY-MM with a quarter month (01, 04, 07 or 10), e.g. '2026-10'";

/** The environment variable naming the API host to read the schema from. */
export const BASE_URL_ENV = 'WORKSPACE_PLATFORM_BASE_URL';

/** `GET {base}/v2/get_schema?format=sdl&version=V`: where an API host serves the SDL of a version. */
export function schemaUrl(baseUrl: string, apiVersion: string): string {
  const url = new URL('/v2/get_schema', baseUrl);
  url.searchParams.set('format', 'sdl');
  url.searchParams.set('version', apiVersion);
  return url.toString();
}

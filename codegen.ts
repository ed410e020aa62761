/**
 * graphql-codegen configuration: typed operations for `operations/*.graphql`, generated from the SDL that
 * `GET {base}/v2/get_schema?format=sdl&version=<API_VERSION>` serves.
 *
 * The base URL comes from WORKSPACE_PLATFORM_BASE_URL. `npm run codegen` (scripts/codegen.ts) sets it to a local
 * emulator it starts itself when the variable is not set, so the default needs no network.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';
import { API_VERSION } from './src/version.js';

/** Environment variable naming the API host to pull the schema from. */
export const BASE_URL_ENV = 'WORKSPACE_PLATFORM_BASE_URL';

/** The schema URL codegen reads for a given API host. */
export function schemaUrl(baseUrl: string): string {
  const url = new URL('/v2/get_schema', baseUrl);
  url.searchParams.set('format', 'sdl');
  url.searchParams.set('version', API_VERSION);
  return url.toString();
}

/** The codegen configuration for an API host. */
export function codegenConfig(baseUrl: string): CodegenConfig {
  return {
    overwrite: true,
    silent: true,
    // An SDL URL is only treated as SDL with handleAsSDL; otherwise codegen sends an introspection POST.
    schema: [{ [schemaUrl(baseUrl)]: { handleAsSDL: true } }],
    documents: ['operations/*.graphql'],
    generates: {
      'generated/graphql.ts': {
        plugins: ['typescript-operations', 'typed-document-node'],
        config: {
          // Documents ship as pre-printed strings: no graphql `print` or `parse` at run time.
          documentMode: 'string',
          useTypeImports: true,
          // Marks each document /*#__PURE__*/ so a bundle keeps only the operations an app calls.
          pureMagicComment: true,
          // List variables take arrays only, as the API reference writes them.
          arrayInputCoercion: false,
          enumType: 'string-literal',
          strictScalars: true,
          scalars: {
            ID: { input: 'string | number', output: 'string' },
            JSON: { input: 'string', output: 'string' },
            Date: 'string',
            ISO8601DateTime: 'string',
            File: { input: 'Blob', output: 'never' },
            // Any JSON value an items filter compares with (a label index, a text, a number, a list of them).
            CompareValue: 'unknown',
          },
        },
      },
    },
  };
}

const base = process.env[BASE_URL_ENV];
/** Default export for the graphql-codegen CLI; requires WORKSPACE_PLATFORM_BASE_URL. */
export default base ? codegenConfig(base) : ({} as CodegenConfig);

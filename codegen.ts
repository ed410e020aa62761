/**
 * graphql-codegen configuration: typed operations for `operations/*.graphql`, generated from the SDL that
 * `GET {base}/v2/get_schema?format=sdl&version=<API_VERSION>` serves.
 *
 * The base URL comes from WORKSPACE_PLATFORM_BASE_URL. `npm run codegen` (scripts/codegen.ts) sets it to a local
 * emulator it starts itself when the variable is not set, so the default needs no network.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';
import { type DocumentNode, parse, visit } from 'graphql';
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

/**
 * Loads the SDL served at `url` (GET) without any description, so that the generated comments never depend on the
 * service's prose: codegen against the emulator and against the service give the same output.
 */
export async function loadSdlWithoutDescriptions(url: string): Promise<DocumentNode> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered HTTP ${response.status}`);
  return visit(parse(await response.text()), {
    enter: (node) => ('description' in node && node.description ? { ...node, description: undefined } : undefined),
  });
}

/** The codegen configuration for an API host. */
export function codegenConfig(baseUrl: string): CodegenConfig {
  return {
    overwrite: true,
    silent: true,
    // A custom loader reads the URL as SDL (codegen would otherwise send an introspection POST) and drops descriptions.
    schema: [{ [schemaUrl(baseUrl)]: { loader: loadSdlWithoutDescriptions as unknown as string } }],
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

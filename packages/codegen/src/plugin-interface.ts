/**
 * graphql-codegen's side of a plugin: what it hands a plugin (the schema, the `.graphql` files) and what it takes back.
 * Its own module so the platform plugin (`./plugin.ts`) and the steps it runs (`./collisions.ts`,
 * `./column-narrowing.ts`) share these shapes without importing each other.
 */
import type { DocumentNode, GraphQLSchema } from 'graphql';

/** A `.graphql` file as graphql-codegen hands it to plugins. */
export interface CodegenDocumentFile {
  location?: string;
  document?: DocumentNode;
  rawSDL?: string;
}

/** What a graphql-codegen plugin returns. */
export type CodegenPluginOutput = string | { prepend?: string[]; content: string; append?: string[] };

/** A graphql-codegen plugin module. */
export interface CodegenPluginModule {
  plugin(
    schema: GraphQLSchema,
    documents: CodegenDocumentFile[],
    config: object,
    info?: { outputFile?: string },
  ): CodegenPluginOutput | Promise<CodegenPluginOutput>;
}

/** The two graphql-codegen plugins the platform plugin runs. */
export interface CodegenToolchain {
  operations: CodegenPluginModule;
  documents: CodegenPluginModule;
}

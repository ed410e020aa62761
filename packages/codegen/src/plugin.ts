/**
 * The one graphql-codegen plugin behind every generated file: it runs typescript-operations and
 * typed-document-node with the platform's settings, stamps each document with the API version its
 * schema came from (read back by the client, which sends it as `API-Version`) and with how to page it
 * (see `./paging-meta.ts`), narrows `column_values` unions on `type` (see `./column-narrowing.ts`), and finishes the text
 * (see `./finish.ts`) with the comments of the `.graphql` files.
 */
import type { DocumentNode } from 'graphql';
import { CodegenProblemsError, collisionProblems } from './collisions.js';
import { narrowColumnValues, withColumnTypenames } from './column-narrowing.js';
import { commentAbove } from './comments.js';
import { finishGeneratedFile, type OperationComment } from './finish.js';
import { maskStrings } from './literals.js';
import { pagingMeta } from './paging-meta.js';
import type {
  CodegenDocumentFile,
  CodegenPluginModule,
  CodegenPluginOutput,
  CodegenToolchain,
} from './plugin-interface.js';
import { PLATFORM_PLUGIN_CONFIG } from './settings.js';
import { withoutDescriptions } from './structure.js';

/** Settings of the platform plugin. */
export interface PlatformPluginConfig {
  /** The API version of the schema; stamped on every document. */
  apiVersion: string;
  /**
   * The module the generated file imports `DocumentTypeDecoration` from. Default `workspace-platform-sdk`, which an
   * app depends on anyway; the package's own built-ins, inside it, import it from its source package.
   */
  typesFrom?: string;
}

/** Where typed-document-node imports the decoration type from. */
const DECORATION_SOURCE = "from '@graphql-typed-document-node/core';";

/** The comment above each named operation of `documents`. */
export function operationComments(documents: readonly CodegenDocumentFile[]): OperationComment[] {
  const found: OperationComment[] = [];
  for (const file of documents) {
    for (const definition of file.document?.definitions ?? []) {
      if (definition.kind !== 'OperationDefinition' || !definition.name) continue;
      found.push({
        name: definition.name.value,
        comment: commentAbove(definition, definition.loc?.source.body ?? file.rawSDL),
      });
    }
  }
  return found;
}

/** Joins plugin outputs the way graphql-codegen does: unique prepends (imports first), contents, appends. */
function joinOutputs(outputs: CodegenPluginOutput[]): string {
  const prepend = new Set<string>();
  const append = new Set<string>();
  const contents: string[] = [];
  for (const output of outputs) {
    if (typeof output === 'string') {
      contents.push(output);
      continue;
    }
    for (const line of output.prepend ?? []) prepend.add(line);
    for (const line of output.append ?? []) append.add(line);
    contents.push(output.content);
  }
  const head = [...prepend].sort((a, b) => Number(b.startsWith('import ')) - Number(a.startsWith('import ')));
  return [...head, contents.filter(Boolean).join('\n'), ...append].join('\n');
}

/** The platform plugin, running the given toolchain. */
export function createPlatformPlugin(toolchain: CodegenToolchain): CodegenPluginModule {
  return {
    async plugin(served, documents, config, info) {
      const { apiVersion, typesFrom = 'workspace-platform-sdk' } = config as PlatformPluginConfig;
      const schema = withoutDescriptions(served);
      // Each document's __meta__: its API version (sent as API-Version) and how to page it.
      const meta = (document: DocumentNode) => ({ apiVersion, ...pagingMeta(document) });
      const settings = { ...PLATFORM_PLUGIN_CONFIG, unstable_onExecutableDocumentNode: meta };
      // The plugins print documents into template literals: they only ever see strings that are safe there.
      const masked = maskStrings(documents);
      // Types come from documents with __typename where column_values narrows; the documents sent are the app's own.
      const narrowed = withColumnTypenames(masked.files);
      const outputs = [
        await toolchain.operations.plugin(schema, narrowed.documents, settings, info),
        await toolchain.documents.plugin(schema, masked.files, settings, info),
      ];
      const joined = narrowColumnValues(joinOutputs(outputs), narrowed.operations);
      const text = masked.restore(joined).replace(DECORATION_SOURCE, `from '${typesFrom}';`);
      // A name declared twice would not compile: report it against the documents instead of writing it.
      const collisions = collisionProblems(text, documents);
      if (collisions.length > 0) throw new CodegenProblemsError(collisions);
      return finishGeneratedFile(text, { apiVersion, operations: operationComments(documents) });
    },
  };
}

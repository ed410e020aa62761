/**
 * Type-level tests of the documents the client takes, now that the SDK declares the typed-document markers itself
 * (src/client/documents/typed-document.ts) instead of depending on `@graphql-typed-document-node/core`: what
 * graphql-codegen writes with that package's types is still accepted, typed, wherever a document goes. Checked by
 * `npm run typecheck`; nothing here runs.
 */
import type { DocumentTypeDecoration as CoreDecoration, TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode } from 'graphql';
import { type DocumentInput, type DocumentTypeDecoration, type PlatformClient, paginate } from '../../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

type MeQuery = { me: { id: string; name: string } | null };
type MeVariables = { withTeams?: boolean };
type ItemsQuery = { boards: { items_page: { cursor: string | null; items: { id: string }[] } }[] | null };
type ItemsVariables = { cursor?: string | null };

declare const client: PlatformClient;
/** What `@graphql-codegen/typed-document-node` writes (`documentMode: 'documentNode'`). */
declare const meNode: TypedDocumentNode<MeQuery, MeVariables>;
declare const itemsNode: TypedDocumentNode<ItemsQuery, ItemsVariables>;
/** What `documentMode: 'string'` writes: a `String` subclass with the core package's decoration. */
declare const meString: CoreDecoration<MeQuery, MeVariables> & string;
declare const plainNode: DocumentNode;

export async function codegenTypedDocumentNodesAreAccepted(): Promise<void> {
  const me = await client.request(meNode, { withTeams: true });
  expectType<Equal<typeof me.data, MeQuery>>();
  // @ts-expect-error the variables of a codegen TypedDocumentNode are still checked
  await client.request(meNode, { withTeam: true });
  const fromString = await client.request(meString);
  expectType<Equal<typeof fromString.data, MeQuery>>();
  // A graphql-js DocumentNode without types is a document too, untyped.
  const loose = await client.request(plainNode);
  expectType<Equal<typeof loose.data, Record<string, unknown>>>();
  // Anywhere a DocumentInput goes: paginate, and the public DocumentInput type itself.
  for await (const item of paginate(client, itemsNode, { cursor: null }))
    expectType<Equal<typeof item, { id: string }>>();
  const input: DocumentInput<MeQuery, MeVariables> = meNode;
  void input;
}

export function theDecorationIsTheCorePackagesShape(): void {
  // Each is assignable to the other, so generated files may import either.
  expectType<Equal<DocumentTypeDecoration<MeQuery, MeVariables>, CoreDecoration<MeQuery, MeVariables>>>();
}

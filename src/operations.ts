/**
 * The built-in operations of `operations/*.graphql`, as `npm run codegen` generates them: a typed
 * document for each (pass it to `client.request`), and the types of its result and variables.
 * Re-exported by name, so codegen's helper types stay out of the public API.
 */
// codegen's `TypedDocumentString` class (a `String` carrying `TResult` and `TVariables`) stays internal: an app
// passes a document to `client.request` and names what a call accepts with `DocumentInput`.
export {
  AddFileToColumnDocument,
  type AddFileToColumnMutation,
  type AddFileToColumnMutationVariables,
  BoardItemsDocument,
  type BoardItemsQuery,
  type BoardItemsQueryVariables,
  BoardsDocument,
  type BoardsQuery,
  type BoardsQueryVariables,
  ChangeColumnValueDocument,
  type ChangeColumnValueMutation,
  type ChangeColumnValueMutationVariables,
  type ColumnType,
  ComplexityDocument,
  type ComplexityQuery,
  type ComplexityQueryVariables,
  CreateItemDocument,
  type CreateItemMutation,
  type CreateItemMutationVariables,
  DeleteItemDocument,
  type DeleteItemMutation,
  type DeleteItemMutationVariables,
  MeDocument,
  type MeQuery,
  type MeQueryVariables,
} from '../generated/graphql.js';

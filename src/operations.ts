/**
 * The built-in operations of `operations/*.graphql`, as `npm run codegen` generates them: a typed
 * document for each (pass it to `client.request`), and the types of its result and variables.
 * Re-exported by name, so codegen's helper types stay out of the public API.
 */
// `TypedDocumentString` is codegen's class (a `String` that carries `TResult` and `TVariables`); its
// documentation has to come from codegen, since a comment on this re-export does not reach the declarations.
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
  TypedDocumentString,
} from '../generated/graphql.js';

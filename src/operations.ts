/**
 * The built-in operations of `operations/*.graphql`, as `npm run codegen` generates them: a typed
 * document for each (pass it to `client.request`), and the types of its result and variables.
 * Re-exported by name, so codegen's helper types stay out of the public API.
 */
export {
  AddFileToColumnDocument,
  BoardItemsDocument,
  BoardsDocument,
  ChangeColumnValueDocument,
  ComplexityDocument,
  CreateItemDocument,
  DeleteItemDocument,
  MeDocument,
  type AddFileToColumnMutation,
  type AddFileToColumnMutationVariables,
  type BoardItemsQuery,
  type BoardItemsQueryVariables,
  type BoardsQuery,
  type BoardsQueryVariables,
  type ChangeColumnValueMutation,
  type ChangeColumnValueMutationVariables,
  type ColumnType,
  type ComplexityQuery,
  type ComplexityQueryVariables,
  type CreateItemMutation,
  type CreateItemMutationVariables,
  type DeleteItemMutation,
  type DeleteItemMutationVariables,
  type MeQuery,
  type MeQueryVariables,
} from '../generated/graphql.js';

// `TypedDocumentString` is codegen's class (a `String` that carries `TResult` and `TVariables`); its
// documentation has to come from codegen, since a comment on this re-export does not reach the declarations.
export { TypedDocumentString } from '../generated/graphql.js';

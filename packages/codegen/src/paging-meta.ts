/**
 * What the client needs to page a generated query, read from its document at generation time: the
 * variable passed to a connection's `cursor` argument, and the variables passed beside it as
 * `query_params`, which the API refuses together with a cursor (the cursor already remembers them).
 */
import { type DocumentNode, Kind, visit } from 'graphql';

/** The paging facts of a document; empty when no field takes its `cursor` from a variable. */
export interface PagingMeta {
  cursorVariable?: string;
  resetVariables?: string[];
}

/** The paging facts of `document` (the first field whose `cursor` argument is a variable). */
export function pagingMeta(document: DocumentNode): PagingMeta {
  const meta: PagingMeta = {};
  visit(document, {
    Field(field) {
      if (meta.cursorVariable) return;
      const cursor = field.arguments?.find((argument) => argument.name.value === 'cursor');
      if (cursor?.value.kind !== Kind.VARIABLE) return;
      meta.cursorVariable = cursor.value.name.value;
      const reset = (field.arguments ?? [])
        .filter((argument) => argument.name.value === 'query_params' && argument.value.kind === Kind.VARIABLE)
        .map((argument) => (argument.value.kind === Kind.VARIABLE ? argument.value.name.value : ''));
      if (reset.length > 0) meta.resetVariables = reset;
    },
  });
  return meta;
}

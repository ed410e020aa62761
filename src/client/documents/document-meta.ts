/**
 * What a generated document says about itself in its `__meta__` (set by this package's codegen): the API
 * version its types were generated for, and the variables that page its cursor-paginated connection.
 * Strings and documents from other generators carry none of it.
 */
import { API_VERSION_FORM_HINT, isApiVersion } from '../../api-version-format.js';
import { PlatformConfigError } from '../errors/errors.js';
import { isObject } from '../object-reads.js';

/** The `__meta__` of a generated document; `{}` for strings and documents without one. */
function metaOf(document: unknown): Record<string, unknown> {
  const meta = (document as { __meta__?: unknown } | null | undefined)?.__meta__;
  return isObject(meta) ? meta : {};
}

/**
 * The API version of the schema a generated document's types come from (sent as `API-Version` with it), checked;
 * undefined for strings and documents without one.
 */
export function documentApiVersion(document: unknown): string | undefined {
  const { apiVersion } = metaOf(document);
  if (apiVersion !== undefined && !isApiVersion(apiVersion)) {
    throw new PlatformConfigError(
      `The document carries apiVersion ${JSON.stringify(apiVersion)}, which is not ${API_VERSION_FORM_HINT}: regenerate it.`,
    );
  }
  return apiVersion;
}

/** What a generated document says about its cursor-paginated connection. */
export interface PagingMeta {
  /** The variable passed to the connection's `cursor` argument. */
  cursorVariable?: string;
  /** Variables the API refuses beside a cursor (`query_params`): cleared on every page after the first. */
  resetVariables?: string[];
}

/** The paging facts of `document`; `{}` for strings and documents without meta. */
export function pagingMeta(document: unknown): PagingMeta {
  const { cursorVariable, resetVariables } = metaOf(document);
  const found: PagingMeta = {};
  if (typeof cursorVariable === 'string') found.cursorVariable = cursorVariable;
  if (Array.isArray(resetVariables))
    found.resetVariables = resetVariables.filter((name): name is string => typeof name === 'string');
  return found;
}

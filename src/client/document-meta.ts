/**
 * What a generated document says about itself in its `__meta__` (set by this package's codegen): the API
 * version its types were generated for, and the variables that page its cursor-paginated connection.
 * Strings and documents from other generators carry none of it.
 */
import { API_VERSION_FORM_HINT, isApiVersion } from '../api-version-format.js';
import { PlatformConfigError } from './errors.js';

/** The facts a generated document carries. */
export interface DocumentMeta {
  /** The API version of the schema the document's types come from; sent as `API-Version` with it. */
  apiVersion?: string;
  /** The variable passed to the connection's `cursor` argument. */
  cursorVariable?: string;
  /** Variables the API refuses beside a cursor (`query_params`): cleared on every page after the first. */
  resetVariables?: string[];
}

/** The meta of `document`, checked; `{}` for strings and documents without meta. */
export function documentMeta(document: unknown): DocumentMeta {
  if (typeof document !== 'object' || document === null) return {};
  const meta = (document as { __meta__?: unknown }).__meta__;
  if (typeof meta !== 'object' || meta === null) return {};
  const { apiVersion, cursorVariable, resetVariables } = meta as Record<string, unknown>;
  const found: DocumentMeta = {};
  if (apiVersion !== undefined) {
    if (!isApiVersion(apiVersion)) {
      throw new PlatformConfigError(
        `The document carries apiVersion ${JSON.stringify(apiVersion)}, which is not ${API_VERSION_FORM_HINT}: regenerate it.`,
      );
    }
    found.apiVersion = apiVersion;
  }
  if (typeof cursorVariable === 'string') found.cursorVariable = cursorVariable;
  if (Array.isArray(resetVariables))
    found.resetVariables = resetVariables.filter((name): name is string => typeof name === 'string');
  return found;
}

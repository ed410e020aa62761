/**
 * Which API version answers a client, and in what state: a start-up check an app can log or fail on, so a routed
 * (deprecated or unknown) version never goes unnoticed. It asks the platform's `version { value kind display_name }`
 * query (https://developer.monday.com/api-reference/docs/version), which needs no scope.
 */
import type { PlatformClient } from '../client.js';
import type { ApiWarning, CallOptions } from '../types.js';

/** What {@link apiVersionStatus} found out. */
export interface ApiVersionStatus {
  /** The `API-Version` the client sends. */
  requested: string;
  /** The version that answered. */
  answered: string;
  /** The answering version's state: `current`, `maintenance`, `release_candidate`, `deprecated`, ... */
  kind: string;
  /** Its display name, as the server gives it. */
  displayName: string;
  /** True when another version than the one sent answered: the version sent is deprecated or unknown. */
  routed: boolean;
  /** The warnings of the answer (a routed version is named in one). */
  warnings: readonly ApiWarning[];
}

const VERSION_QUERY = 'query ApiVersionStatus { version { value kind display_name } }';

/**
 * Asks the server which API version answers `client` and in what state.
 *
 * @example
 * ```ts
 * const status = await apiVersionStatus(client);
 * if (status.routed || status.kind === 'deprecated') {
 *   throw new Error(`API version ${status.requested} is answered by ${status.answered} (${status.kind})`);
 * }
 * ```
 * @throws {@link PlatformError} any error of the call itself (network, auth, rate limit), as `client.request` throws.
 */
export async function apiVersionStatus(
  client: Pick<PlatformClient, 'apiVersion' | 'request'>,
  options?: CallOptions,
): Promise<ApiVersionStatus> {
  const result = await client.request(VERSION_QUERY, {}, options);
  const version = (result.data.version ?? {}) as { value?: unknown; kind?: unknown; display_name?: unknown };
  const answered = typeof version.value === 'string' ? version.value : (result.answeredApiVersion ?? '');
  return {
    requested: client.apiVersion,
    answered,
    kind: typeof version.kind === 'string' ? version.kind : 'unknown',
    displayName: typeof version.display_name === 'string' ? version.display_name : '',
    routed: answered !== client.apiVersion,
    warnings: result.warnings,
  };
}

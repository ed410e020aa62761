/**
 * Every OAuth permission scope the Workspace Platform API defines, in the order the API reference lists them.
 * An OAuth access token carries a subset of these; each API operation requires one of them.
 */
export const SCOPES = [
  'me:read',
  'boards:read',
  'boards:write',
  'workspaces:read',
  'workspaces:write',
  'users:read',
  'users:write',
  'account:read',
  'notifications:write',
  'updates:read',
  'updates:write',
  'assets:read',
  'tags:read',
  'teams:read',
  'webhooks:write',
] as const;

/** One OAuth permission scope, such as `'boards:read'`. */
export type Scope = (typeof SCOPES)[number];

const known: ReadonlySet<string> = new Set(SCOPES);

/** True when `value` is one of the {@link SCOPES}. */
export function isScope(value: string): value is Scope {
  return known.has(value);
}

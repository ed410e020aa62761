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

// Marked pure: in the built main entry every module shares one file, and a bundler keeps a top-level call it cannot
// prove free of effects, so without the mark this list ships in an app that never uses OAuth.
const known: ReadonlySet<string> = /* @__PURE__ */ new Set(SCOPES);

/** True when `value` is one of the {@link SCOPES}. */
export function isScope(value: string): value is Scope {
  return known.has(value);
}

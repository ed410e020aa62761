/**
 * What the emulator's OAuth routes are configured with: registered apps, the accounts and users the consent
 * page knows, and the seams to the rest of the emulator. Checked once when the routes are built.
 */

import { isScope, SCOPES, type Scope } from 'workspace-platform-sdk';
import type { TokenGrant } from '../contract.js';
import type { OAuthRateLimit } from './rate-limit.js';

/** Lifecycle status of an app version. */
export type OAuthAppVersionStatus = 'live' | 'draft' | 'deprecated';

/** One version of a registered app; `app_version_id` selects it. */
export interface OAuthAppVersion {
  /** Positive integer id. */
  id: number;
  /** Only `live` and `draft` versions can be authorized, and only by the app's collaborators. */
  status: OAuthAppVersionStatus;
}

/** One app registered with the emulator's OAuth server. */
export interface OAuthAppConfig {
  /** Public identifier. */
  clientId: string;
  /** Private secret checked by `POST /oauth2/token`. */
  clientSecret: string;
  /** Redirect URIs registered for the app: one or more absolute URLs. */
  redirectUris: readonly string[];
  /** Scopes configured for the app (the default request). Default: every scope. */
  scopes?: readonly Scope[];
  /** Name shown on the consent page. Default: the client id. */
  name?: string;
  /** App versions (live, draft, deprecated). Default: none, so `app_version_id` is refused. */
  versions?: readonly OAuthAppVersion[];
  /** User ids of the app's collaborators, who may pick a version with `app_version_id`. Default: none. */
  collaborators?: readonly number[];
}

/** An account the consent page can authorize onto. */
export interface OAuthAccount {
  id: number;
  name: string;
  /** Subdomain part of the account's address (`{slug}.{account_domain}`). */
  slug: string;
}

/** A user who can be signed in on the consent page. */
export interface OAuthUser {
  id: number;
  name: string;
  /** Accounts the user belongs to (the consent page's account dropdown). */
  accountIds: readonly number[];
}

/** Accounts and users, read at every authorization so changes to the store are seen. */
export interface OAuthDirectory {
  /** Accounts the consent page offers. */
  accounts: readonly OAuthAccount[];
  /** Users who can sign in on the consent page. */
  users: readonly OAuthUser[];
}

/**
 * What the OAuth routes need from the rest of the emulator.
 *
 * The HTTP server passes: `apps` (its `apps` option), `registerToken` (its token registry's `add`), `now` (its clock),
 * `directory` (its `oauthDirectory` option; `startEmulator` fills it with `() => storeDirectory(engine.store)`) and
 * `signedInUserId` (its `oauthUser` option).
 */
export interface OAuthContext {
  /** Registered apps. */
  apps: readonly OAuthAppConfig[];
  /** Makes `token` a valid bearer credential on `/v2` with exactly this grant. */
  registerToken(token: string, grant: TokenGrant): void;
  /** Current time in milliseconds (injectable for tests). */
  now(): number;
  /** Accounts and users of the emulator. Default: {@link DEFAULT_DIRECTORY}. */
  directory?(): OAuthDirectory;
  /** The user signed in on the consent page. Default: the directory's first user. */
  signedInUserId?: number;
  /** Requests one client address may make to `/oauth2/*` per window. Default: 300 per 60 s. */
  rateLimit?: OAuthRateLimit;
}

/** One account (id 1, slug `emulator`) with one user (id 1): used when the context gives no directory. */
export const DEFAULT_DIRECTORY: OAuthDirectory = {
  accounts: [{ id: 1, name: 'Emulator account', slug: 'emulator' }],
  users: [{ id: 1, name: 'Emulator user', accountIds: [1] }],
};

/** An app with every default filled in. */
export interface ResolvedApp {
  clientId: string;
  clientSecret: string;
  name: string;
  redirectUris: readonly string[];
  scopes: readonly Scope[];
  versions: readonly OAuthAppVersion[];
  collaborators: ReadonlySet<number>;
}

/** Validates every app and fills in defaults; throws a TypeError naming the app and what to fix. */
export function resolveApps(apps: readonly OAuthAppConfig[]): ReadonlyMap<string, ResolvedApp> {
  const resolved = new Map<string, ResolvedApp>();
  for (const app of apps) {
    const fail = (problem: string) => new TypeError(`OAuth app ${JSON.stringify(app?.clientId)}: ${problem}`);
    if (typeof app?.clientId !== 'string' || app.clientId.length === 0)
      throw fail('clientId must be a non-empty string');
    if (resolved.has(app.clientId)) throw fail('clientId is registered twice');
    if (typeof app.clientSecret !== 'string' || app.clientSecret.length === 0)
      throw fail('clientSecret must be a non-empty string');
    if (!Array.isArray(app.redirectUris) || app.redirectUris.length === 0)
      throw fail('redirectUris needs at least one URL');
    for (const uri of app.redirectUris) {
      if (typeof uri !== 'string' || !URL.canParse(uri) || uri.includes('#')) {
        throw fail('every redirect URI must be an absolute URL without a fragment');
      }
    }
    const scopes = app.scopes ?? SCOPES;
    if (scopes.length === 0 || !scopes.every((scope) => isScope(scope)))
      throw fail('scopes must be a non-empty list of known scopes');
    for (const version of app.versions ?? []) {
      if (!Number.isSafeInteger(version.id) || version.id <= 0) throw fail('version ids must be positive integers');
      if (!['live', 'draft', 'deprecated'].includes(version.status))
        throw fail('version status must be live, draft or deprecated');
    }
    resolved.set(app.clientId, {
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      name: app.name ?? app.clientId,
      redirectUris: [...app.redirectUris],
      scopes: [...new Set(scopes)],
      versions: [...(app.versions ?? [])],
      collaborators: new Set(app.collaborators ?? []),
    });
  }
  return resolved;
}

/** The store shape {@link storeDirectory} reads (the engine's store has it; ids are numeric strings there). */
export interface DirectorySource {
  accounts(): readonly { id: string; name: string; slug: string }[];
  users(): readonly { id: string; name: string; accountId: string; enabled?: boolean }[];
}

/** Adapts the engine's store to the consent page's directory (enabled users only). */
export function storeDirectory(store: DirectorySource): OAuthDirectory {
  return {
    accounts: store.accounts().map((account) => ({ id: Number(account.id), name: account.name, slug: account.slug })),
    users: store
      .users()
      .filter((user) => user.enabled !== false)
      .map((user) => ({ id: Number(user.id), name: user.name, accountIds: [Number(user.accountId)] })),
  };
}

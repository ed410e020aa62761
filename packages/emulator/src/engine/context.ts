/** What every resolver receives as its GraphQL context, and the scope check they share. */

import type { Scope } from 'workspace-platform-sdk';
import type { ComplexitySnapshot, TokenGrant } from '../contract.js';
import { ENGINE_ERROR_CODES, engineError } from './errors.js';
import type { EmulatorStore } from './store/store.js';
import type { EngineVersion } from './versions.js';

/** The GraphQL context of one execution. */
export interface EngineContext {
  grant: TokenGrant;
  /** `grant.accountId` as the store's id string. */
  accountId: string;
  store: EmulatorStore;
  version: EngineVersion;
  complexity: ComplexitySnapshot;
  /** How long an items cursor lives, in milliseconds (default 60 minutes). */
  cursorTtlMs?: number;
  /** Where the request reached the server, for the addresses the bulk jobs hand out. */
  origin?: string;
}

/**
 * Refuses a feature the platform offers on Enterprise plans only (departments, projects), naming the account's plan:
 * the account's plan tier, else its own tier.
 */
export function requireEnterprisePlan(context: EngineContext, feature: string): void {
  const tier =
    context.store.accounts.details(context.accountId)?.plan?.tier ??
    context.store.accounts.find(context.accountId)?.tier;
  if (tier === 'enterprise') return;
  throw engineError(
    ENGINE_ERROR_CODES.unauthorized,
    `${feature} are available on Enterprise plans; this account is on ${tier ?? 'no'} plan.`,
  );
}

/** Throws a USER_UNAUTHORIZED error naming `scope` unless the token carries it. */
export function requireScope(context: EngineContext, scope: Scope): void {
  if (context.grant.scopes.includes(scope)) return;
  throw engineError(
    ENGINE_ERROR_CODES.unauthorized,
    `This field requires the "${scope}" scope, which the token does not carry.`,
    {
      required_scope: scope,
    },
  );
}

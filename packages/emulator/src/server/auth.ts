/**
 * Bearer authentication: the registry of accepted tokens and the reading of the Authorization header.
 * Tokens are never logged, echoed or serialised; records keep only the grant.
 */

import { SCOPES } from 'workspace-platform-sdk';
import type { TokenGrant } from '../contract.js';
import type { EmulatorTokenConfig } from './options.js';

/** The accepted tokens and what each grants. */
export class TokenRegistry {
  readonly #grants = new Map<string, TokenGrant>();

  constructor(tokens: readonly EmulatorTokenConfig[]) {
    for (const config of tokens) this.add(config.token, grantOf(config));
  }

  /** Makes `token` valid with exactly `grant` (replacing any earlier grant). */
  add(token: string, grant: TokenGrant): void {
    if (token.length === 0 || /\s/.test(token))
      throw new TypeError('An emulator token must be non-empty without spaces');
    this.#grants.set(token, { ...grant, scopes: [...grant.scopes] });
  }

  /** Revokes `token`; later requests with it get 401. */
  revoke(token: string): boolean {
    return this.#grants.delete(token);
  }

  /** The grant of the credential in an Authorization header value, or undefined when missing or unknown. */
  authenticate(header: string | undefined): { token: string; grant: TokenGrant } | undefined {
    const token = credentialOf(header);
    if (token === undefined) return undefined;
    const grant = this.#grants.get(token);
    return grant ? { token, grant } : undefined;
  }
}

/** Accepts `Bearer <token>` (any case) and the bare token. */
export function credentialOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  const match = /^bearer\s+(\S+)$/i.exec(value);
  const token = match ? match[1] : value;
  return token && !/\s/.test(token) ? token : undefined;
}

function grantOf(config: EmulatorTokenConfig): TokenGrant {
  const grant: TokenGrant = {
    kind: config.kind ?? 'personal',
    accountId: config.accountId,
    userId: config.userId,
    scopes: config.scopes ?? SCOPES,
  };
  if (config.clientId !== undefined) grant.clientId = config.clientId;
  return grant;
}

/**
 * The tokens the emulator accepts when no `tokens` option is given. They act as users of the default
 * seed's accounts, so the demo, codegen and tests work against `startEmulator()` with no setup.
 */
import { DEFAULT_SEED_FACTS } from '../engine/index.js';
import type { EmulatorTokenConfig } from './options.js';

const { accounts, users } = DEFAULT_SEED_FACTS;

/** Personal token of Ada (account `acme`) with every scope: the default credential of the demo, codegen and tests. */
export const DEMO_TOKEN = 'wpe_demo_personal_token';
/** Personal token of Ada (account `acme`) that may only read: `me:read`, `boards:read`, `account:read`, `users:read`. */
export const DEMO_READ_ONLY_TOKEN = 'wpe_demo_read_only_token';
/** Personal token of Hank (account `globex`) with every scope: a second account, for isolation tests. */
export const DEMO_OTHER_ACCOUNT_TOKEN = 'wpe_demo_other_account_token';

/** The default tokens. */
export const DEMO_TOKENS: readonly EmulatorTokenConfig[] = [
  { token: DEMO_TOKEN, kind: 'personal', accountId: accounts.acme.id, userId: users.ada.id },
  {
    token: DEMO_READ_ONLY_TOKEN,
    kind: 'personal',
    accountId: accounts.acme.id,
    userId: users.ada.id,
    scopes: ['me:read', 'boards:read', 'account:read', 'users:read'],
  },
  { token: DEMO_OTHER_ACCOUNT_TOKEN, kind: 'personal', accountId: accounts.globex.id, userId: users.hank.id },
];

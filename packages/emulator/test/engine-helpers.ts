/** Shared helpers of the engine tests: grants for the default seed and a one-call runner. */

import { API_VERSION, SCOPES, type Scope } from 'workspace-platform-sdk';
import type { ComplexitySnapshot, EmulatorUpload, EngineResponseBody, TokenGrant } from '../src/contract.js';
import { DEFAULT_SEED_FACTS, type EmulatorStore, type Engine } from '../src/engine/index.js';

const { accounts, users } = DEFAULT_SEED_FACTS;

/** Ada (acme) with every scope, unless `scopes` narrows it. */
export function acmeGrant(scopes: readonly Scope[] = SCOPES): TokenGrant {
  return { kind: 'personal', accountId: accounts.acme.id, userId: users.ada.id, scopes };
}

/** Hank (globex) with every scope. */
export function globexGrant(): TokenGrant {
  return { kind: 'oauth', accountId: accounts.globex.id, userId: users.hank.id, scopes: SCOPES, clientId: 'app-1' };
}

/** A fixed complexity snapshot. */
export const SNAPSHOT: ComplexitySnapshot = { before: 1_000_000, after: 999_000, query: 1000, resetInSeconds: 42 };

/** Options of {@link run}. */
export interface RunOptions {
  variables?: Record<string, unknown>;
  operationName?: string;
  grant?: TokenGrant;
  version?: string;
  files?: ReadonlyMap<string, EmulatorUpload>;
}

/** Prepares and executes `query`; a failed preparation is returned as its body. */
export async function run(engine: Engine, query: string, options: RunOptions = {}): Promise<EngineResponseBody> {
  const prepared = engine.prepare({
    query,
    variables: options.variables ?? null,
    operationName: options.operationName ?? null,
    grant: options.grant ?? acmeGrant(),
    version: options.version ?? API_VERSION,
    ...(options.files ? { files: options.files } : {}),
  });
  return prepared.ok ? prepared.execute(SNAPSHOT) : prepared.body;
}

/** The `extensions.code` of each error of `body`. */
export function errorCodes(body: EngineResponseBody): unknown[] {
  return (body.errors ?? []).map((error) => error.extensions?.code);
}

/** `body.data[name]`, failing the test when the response has no such field. */
export function dataField<T>(body: EngineResponseBody, name: string): T {
  const value = body.data?.[name];
  if (value === undefined) throw new Error(`No data.${name} in ${JSON.stringify(body)}`);
  return value as T;
}

/** Everything the board model's store holds, as text, to prove a refused change changed nothing. */
export function snapshot({ store }: { store: EmulatorStore }): string {
  return JSON.stringify([
    store.boards.all(),
    store.items.all(),
    store.updates.all(),
    store.timeline.activities.all(),
    store.timeline.all(),
    store.activityLog.all(),
  ]);
}

/**
 * Type-level tests of the webhooks and testing entries, checked by `npm run typecheck`. Nothing here runs.
 */
import {
  createTestEmulator,
  type Duration,
  type TestBoardInput,
  type TestEmulator,
} from 'workspace-platform-emulator/testing';
import {
  createWebhookHandler,
  verifyWebhookRequest,
  type WebhookChallenge,
  type WebhookEvent,
  type WebhookPayloadType,
  type WebhookVerificationReason,
} from '../../src/webhooks/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

// Every payload type a subscription delivers has an event interface, and no interface names another type.
expectType<Equal<WebhookPayloadType, WebhookEvent['type']>>();

export async function narrowing(request: Request): Promise<void> {
  const verified = await verifyWebhookRequest(request, { signingSecret: 's' });
  expectType<Equal<typeof verified, WebhookEvent | WebhookChallenge>>();
  if (verified.type === 'update_column_value') {
    const column: string = verified.columnId;
    void column;
  }
  if (verified.type === 'challenge') {
    const token: string = verified.challenge;
    void token;
  }
  // @ts-expect-error a create_pulse event has no columnId without narrowing to update_column_value first
  const wrong: string = verified.type === 'create_pulse' ? verified.columnId : '';
  void wrong;
}

export const handler: (request: Request) => Promise<Response> = createWebhookHandler({
  signingSecret: 's',
  onEvent: () => {},
});
// @ts-expect-error onEvent is required
createWebhookHandler({ signingSecret: 's' });

export const reasons: WebhookVerificationReason[] = ['bad-signature', 'expired', 'wrong-audience', 'empty-secret'];
// @ts-expect-error not a reason
export const notAReason: WebhookVerificationReason = 'bad';

export async function clock(emulator: TestEmulator): Promise<void> {
  await emulator.clock.advance('61m');
  await emulator.clock.advance(30_000);
  // @ts-expect-error a duration needs a unit
  await emulator.clock.advance('61');
  const twoHours: Duration = '2h';
  void twoHours;
}

// @ts-expect-error a test emulator picks its own port
createTestEmulator({ port: 4010 });

// @ts-expect-error not a column kind of the platform
export const badColumn: TestBoardInput = { name: 'x', columns: [{ title: 'x', type: 'spaceship' }] };

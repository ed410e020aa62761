/**
 * Webhooks: Query.webhooks, create_webhook and delete_webhook, all needing webhooks:write (the one scope the API
 * defines for webhooks). Webhooks are recorded on the caller's boards; when the emulator delivers events, the URL
 * must first answer the challenge (`store.webhooks.challenge`, pinned by test/e2e/webhook-delivery.test.ts).
 * `app_webhooks_only` lists those created by an OAuth app. `change_specific_column_value` needs
 * `config: { "columnId": "..." }` naming a column of the board.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { WebhookRecord } from '../store/webhooks.js';
import { accountBoard, jsonObjectArgument } from './lookup.js';
import type { FamilyResolvers } from './types.js';

function webhookConfig(raw: unknown): Record<string, unknown> | null {
  return raw === null || raw === undefined ? null : jsonObjectArgument(raw, 'config');
}

function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'url must be an absolute http(s) URL.', { argument: 'url' });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'url must be an absolute http(s) URL.', { argument: 'url' });
  }
  return url;
}

function accountWebhook(context: EngineContext, id: string): WebhookRecord {
  const webhook = context.store.webhooks.find(id);
  if (!webhook || webhook.accountId !== context.accountId) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Webhook ${id} was not found.`, { webhook_id: id });
  }
  return webhook;
}

/** Resolvers of webhooks. */
export const webhookResolvers: FamilyResolvers = {
  Query: {
    webhooks: (_source, args, context) => {
      requireScope(context, 'webhooks:write');
      const board = accountBoard(context, args.board_id);
      return context.store.webhooks
        .all()
        .filter((webhook) => webhook.boardId === board.id && (!args.app_webhooks_only || webhook.appClientId !== null));
    },
  },
  Mutation: {
    create_webhook: async (_source, args, context) => {
      requireScope(context, 'webhooks:write');
      const board = accountBoard(context, args.board_id);
      const config = webhookConfig(args.config);
      if (args.event === 'change_specific_column_value') {
        const columnId = config?.columnId;
        if (typeof columnId !== 'string' || !board.columns.some((column) => column.id === columnId)) {
          throw engineError(
            ENGINE_ERROR_CODES.invalidArgument,
            'change_specific_column_value needs config.columnId naming a column of the board.',
          );
        }
      }
      const url = checkUrl(args.url);
      const refusal = await context.store.webhooks.challenge(url);
      if (refusal) throw engineError(ENGINE_ERROR_CODES.invalidArgument, refusal, { argument: 'url' });
      return context.store.webhooks.createWebhook({
        accountId: context.accountId,
        boardId: board.id,
        event: args.event,
        config: config === null ? null : JSON.stringify(config),
        url,
        appClientId: context.grant.kind === 'oauth' ? (context.grant.clientId ?? null) : null,
      });
    },
    delete_webhook: (_source, args, context) => {
      requireScope(context, 'webhooks:write');
      return context.store.webhooks.deleteWebhook(accountWebhook(context, args.id));
    },
  },
  Webhook: {
    board_id: (webhook: WebhookRecord) => webhook.boardId,
  },
};

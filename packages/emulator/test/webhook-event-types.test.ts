/**
 * The SDK's webhook event list (`WEBHOOK_EVENT_TYPES`, what `create_webhook(event:)` takes) is the current
 * version's `WebhookEventType` enum: a value the platform adds or drops fails here until the list follows.
 */
import { buildASTSchema, type GraphQLEnumType, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, webhookPayloadType } from 'workspace-platform-sdk/webhooks';
import { publishedStructure } from '../src/engine/schema/published-sdl.js';
import { DEFAULT_VERSION } from '../src/engine/versions.js';

describe("the SDK's webhook event types", () => {
  it(`are the ${DEFAULT_VERSION} schema's WebhookEventType enum, each with its payload type`, () => {
    const schema = buildASTSchema(parse(publishedStructure(DEFAULT_VERSION)), { assumeValidSDL: true });
    const enumType = schema.getType('WebhookEventType') as GraphQLEnumType;
    const published = enumType.getValues().map((value) => value.name);
    expect([...WEBHOOK_EVENT_TYPES].sort()).toEqual([...published].sort());
    for (const event of WEBHOOK_EVENT_TYPES) expect(webhookPayloadType(event)).toMatch(/^[a-z_]+$/);
    expect(() => webhookPayloadType('create_pulse' as never)).toThrow(TypeError);
  });
});

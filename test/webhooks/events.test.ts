/**
 * The typed webhook events: a status or date change narrows to the value form the platform's samples show
 * (https://developer.monday.com/api-reference/reference/webhooks), and a subscription's event type maps to the
 * event it delivers.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type CreateItemEvent,
  type ItemLifecycleEvent,
  isDateColumnValueEvent,
  isStatusColumnValueEvent,
  type StatusColumnValueEvent,
  type UpdateNameEvent,
  type WebhookDateValue,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookStatusValue,
} from '../../src/webhooks/index.js';

/** The sample status change of the platform's webhooks page, as the handler hands it on. */
const STATUS_CHANGE = {
  userId: 9603417,
  originalTriggerUuid: null,
  boardId: 1771812698,
  groupId: 'topics',
  pulseId: 1772099344,
  pulseName: 'Create_item webhook',
  columnId: 'status',
  columnType: 'color',
  columnTitle: 'Status',
  value: {
    label: {
      index: 3,
      text: 'Status change wbhook',
      style: { color: '#0086c0', border: '#3DB0DF', var_name: 'blue-links' },
    },
    post_id: null,
  },
  previousValue: null,
  changedAt: 1633944017.473193,
  isTopGroup: true,
  app: 'monday',
  type: 'update_column_value',
  triggerTime: '2021-10-11T09:20:18.022Z',
  subscriptionId: 73761176,
  triggerUuid: '504b2eb76c80f672a18f892c0f700e41',
} as WebhookEvent;

const DATE_CHANGE = {
  ...STATUS_CHANGE,
  columnId: 'date4',
  columnType: 'date',
  value: { date: '2021-10-11', icon: null, time: null },
} as WebhookEvent;

describe('typed column values of webhook events', () => {
  it('narrows a status change to its label', () => {
    expect(isStatusColumnValueEvent(STATUS_CHANGE)).toBe(true);
    expect(isDateColumnValueEvent(STATUS_CHANGE)).toBe(false);
    if (!isStatusColumnValueEvent(STATUS_CHANGE)) throw new Error('not narrowed');
    expectTypeOf(STATUS_CHANGE.value).toEqualTypeOf<WebhookStatusValue | null>();
    expect(STATUS_CHANGE.value?.label.text).toBe('Status change wbhook');
    expect(STATUS_CHANGE.value?.label.style.var_name).toBe('blue-links');
  });

  it('narrows a date change to { date, icon, time }', () => {
    expect(isDateColumnValueEvent(DATE_CHANGE)).toBe(true);
    expect(isStatusColumnValueEvent(DATE_CHANGE)).toBe(false);
    if (!isDateColumnValueEvent(DATE_CHANGE)) throw new Error('not narrowed');
    expectTypeOf(DATE_CHANGE.value).toEqualTypeOf<WebhookDateValue | null>();
    expect(DATE_CHANGE.value?.date).toBe('2021-10-11');
  });

  it('does not narrow other events', () => {
    const created = { type: 'create_pulse', boardId: 1, pulseId: 2, pulseName: 'x', triggerUuid: 'u' } as WebhookEvent;
    expect(isStatusColumnValueEvent(created)).toBe(false);
    expect(isDateColumnValueEvent(created)).toBe(false);
  });

  it("maps a subscription's event type to the event it delivers", () => {
    expectTypeOf<WebhookEventOf<'create_item'>>().toEqualTypeOf<CreateItemEvent>();
    expectTypeOf<WebhookEventOf<'create_subitem'>>().toEqualTypeOf<CreateItemEvent>();
    expectTypeOf<WebhookEventOf<'change_status_column_value'>>().toEqualTypeOf<StatusColumnValueEvent>();
    expectTypeOf<WebhookEventOf<'change_name'>>().toEqualTypeOf<UpdateNameEvent>();
    expectTypeOf<WebhookEventOf<'item_archived'>>().toEqualTypeOf<ItemLifecycleEvent>();
    expectTypeOf<WebhookEventOf<'item_restored'>>().toEqualTypeOf<ItemLifecycleEvent>();
  });
});

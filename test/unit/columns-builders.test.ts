/** The column builders (src/columns/builders.ts), columnValues and columnValue: formats, and bad input refused by name. */
import { describe, expect, it } from 'vitest';
import { column, columnValue, columnValues, PlatformConfigError } from '../../src/index.js';

describe('column builders', () => {
  it("produce each kind's JSON format", () => {
    const json = JSON.parse(
      columnValues({
        status: column.status({ label: 'Done' }),
        status_2: column.status({ index: 2 }),
        date: column.date('2026-11-24', '14:30'),
        numbers: column.numbers(42.5),
        text: column.text('hello'),
        long_text: column.longText('a\nb'),
        name: column.name('Renamed'),
        people: column.people([
          { id: 4012689, kind: 'person' },
          { id: '51166', kind: 'team' },
        ]),
        dropdown: column.dropdown({ labels: ['Cookie'] }),
        dropdown_2: column.dropdown({ ids: [1, 2] }),
        timeline: column.timeline({ from: '2026-11-01', to: '2026-11-30' }),
        email: column.email('ada@example.com', 'Ada'),
        phone: column.phone('+1 (202) 555-0123', 'US'),
        link: column.link('https://example.com', 'Example'),
        checkbox: column.checkbox(true),
        checkbox_2: column.checkbox(false),
        rating: column.rating(4),
        tags: column.tags([7, '8']),
        hour: column.hour(9, 5),
        week: column.week('2026-11-23', '2026-11-29'),
        country: column.country('FR', 'France'),
        location: column.location({ lat: 48.85, lng: 2.35, address: 'Paris' }),
        relation: column.boardRelation([101, '102']),
        dependency: column.dependency([103]),
        clock: column.worldClock('Europe/London'),
        team: column.team(51166),
        gone: column.clear(),
      }),
    );
    expect(json).toEqual({
      status: { label: 'Done' },
      status_2: { index: 2 },
      date: { date: '2026-11-24', time: '14:30:00' },
      numbers: '42.5',
      text: 'hello',
      long_text: { text: 'a\nb' },
      name: 'Renamed',
      people: {
        personsAndTeams: [
          { id: 4012689, kind: 'person' },
          { id: 51166, kind: 'team' },
        ],
      },
      dropdown: { labels: ['Cookie'] },
      dropdown_2: { ids: [1, 2] },
      timeline: { from: '2026-11-01', to: '2026-11-30' },
      email: { email: 'ada@example.com', text: 'Ada' },
      phone: { phone: '+12025550123', countryShortName: 'US' },
      link: { url: 'https://example.com', text: 'Example' },
      checkbox: { checked: 'true' },
      checkbox_2: null,
      rating: { rating: 4 },
      tags: { tag_ids: [7, 8] },
      hour: { hour: 9, minute: 5 },
      week: { week: { startDate: '2026-11-23', endDate: '2026-11-29' } },
      country: { countryCode: 'FR', countryName: 'France' },
      location: { lat: 48.85, lng: 2.35, address: 'Paris' },
      relation: { item_ids: [101, 102] },
      dependency: { item_ids: [103] },
      clock: { timezone: 'Europe/London' },
      team: { team_id: 51166 },
      gone: null,
    });
  });

  it('columnValue gives the JSON text of one value', () => {
    expect(columnValue('status', column.status({ index: 1 }))).toBe('{"index":1}');
    expect(columnValue('numbers', column.numbers(3))).toBe('"3"');
  });

  it.each([
    [
      'invalid date',
      () => column.date('2026-02-30'),
      /Column "due" \(date\): date "2026-02-30" is not a calendar date/,
    ],
    ['date not YYYY-MM-DD', () => column.date('24/11/2026'), /must be "YYYY-MM-DD"/],
    ['bad time', () => column.date('2026-11-24', '25:00'), /time must be "HH:MM:SS"/],
    ['email without @', () => column.email('ada.example.com'), /Column "due" \(email\): .* needs one @/],
    [
      'rating out of range',
      () => column.rating(11),
      /Column "due" \(rating\): a rating is a whole number from 1 to 10, got 11/,
    ],
    ['rating not whole', () => column.rating(2.5), /got 2.5/],
    [
      'non-finite number',
      () => column.numbers(Number.NaN),
      /Column "due" \(numbers\): expected a finite number, got NaN/,
    ],
    ['infinite number', () => column.numbers(Number.POSITIVE_INFINITY), /got Infinity/],
    ['negative status index', () => column.status({ index: -1 }), /status index/],
    ['empty status label', () => column.status({ label: ' ' }), /label is empty/],
    ['person kind', () => column.people([{ id: 1, kind: 'robot' as 'person' }]), /kind must be "person" or "team"/],
    ['person id', () => column.people([{ id: 'x', kind: 'person' }]), /positive whole-number id/],
    ['timeline backwards', () => column.timeline({ from: '2026-11-30', to: '2026-11-01' }), /before "from"/],
    ['week of 8 days', () => column.week('2026-11-23', '2026-11-30'), /spans 8/],
    ['hour 24', () => column.hour(24, 0), /hours 0-23/],
    ['country code', () => column.country('France', 'France'), /alpha-2/],
    ['phone country', () => column.phone('+12025550123', 'usa'), /alpha-2/],
    ['latitude', () => column.location({ lat: 91, lng: 0 }), /latitude/],
    ['link', () => column.link('example.com'), /absolute URL/],
    ['time zone', () => column.worldClock('London'), /IANA time zone/],
    ['tag id', () => column.tags([0]), /positive whole-number id/],
    ['dropdown label', () => column.dropdown({ labels: [''] }), /non-empty/],
    // A builder never throws, even given nothing from untyped code: columnValues refuses it with PlatformConfigError.
    ['status of nothing', () => column.status(undefined as never), /status index/],
    ['status of null', () => column.status(null as never), /status index/],
    ['dropdown of nothing', () => column.dropdown(undefined as never), /list of ids/],
  ])('refuse %s, naming the column, before anything is sent', (_name, make, message) => {
    const builder = make();
    expect(() => columnValues({ due: builder })).toThrow(PlatformConfigError);
    expect(() => columnValues({ due: builder })).toThrow(message);
    expect(() => columnValue('due', builder)).toThrow(PlatformConfigError);
  });

  it('refuses a value that no builder made', () => {
    expect(() => columnValues({ due: '2026-11-24' as never })).toThrow(
      /Column "due": expected a value made by a column builder/,
    );
  });
});

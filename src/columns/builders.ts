/**
 * One builder per writable column kind of API version 2026-10, each producing exactly the JSON the platform takes
 * for that kind in `column_values` (create_item, change_multiple_column_values, create_subitem) and in
 * change_column_value's `value`. Exported from the main entry as the namespace `column`.
 *
 * Formats come from the platform's public column type reference, cited beside each builder
 * (https://developer.monday.com/api-reference/reference/column-types-reference); a builder whose format its page
 * does not show says so. Read-only kinds have no builder (the colour picker is one: its page lists no update): see
 * the column table of docs/column-values.md for why each is read-only.
 */
import { built, type ColumnValueBuilder, dateProblem, idProblem, idsProblem, refused, timeProblem } from './builder.js';

const isText = (value: unknown): value is string => typeof value === 'string';

/** A status label, by its text or by its index in the column's labels (exactly one of the two). */
export type StatusInput =
  | {
      /** The label's text. */
      label: string;
      /** Not with `label`. */
      index?: never;
    }
  | {
      /** The label's index in the column's settings. */
      index: number;
      /** Not with `index`. */
      label?: never;
    };

/**
 * A status value by label or by index (https://developer.monday.com/api-reference/reference/status):
 * `{"label":"Done"}` or `{"index":1}`.
 */
export function status(input: StatusInput): ColumnValueBuilder<'status'> {
  if (isText(input?.label)) {
    if (input.label.trim() === '') return refused('status', 'the status label is empty');
    return built('status', { label: input.label });
  }
  const index = input?.index;
  if (!Number.isInteger(index) || (index as number) < 0) {
    return refused('status', `the status index must be a whole number ≥ 0, got ${JSON.stringify(index)}`);
  }
  return built('status', { index });
}

/**
 * A date, with an optional time in UTC (https://developer.monday.com/api-reference/reference/date):
 * `{"date":"2026-11-24","time":"14:30:00"}`.
 */
export function date(day: string, time?: string): ColumnValueBuilder<'date'> {
  const problem = dateProblem(day) ?? (time === undefined ? undefined : timeProblem(time));
  if (problem) return refused('date', problem);
  return built(
    'date',
    time === undefined ? { date: day } : { date: day, time: time.length === 5 ? `${time}:00` : time },
  );
}

/** A number (https://developer.monday.com/api-reference/reference/numbers): sent as its decimal string, `"42.5"`. */
export function numbers(value: number): ColumnValueBuilder<'numbers'> {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return refused('numbers', `expected a finite number, got ${String(value)}`);
  }
  return built('numbers', String(value));
}

/** Text (https://developer.monday.com/api-reference/reference/text): sent as the string itself. */
export function text(value: string): ColumnValueBuilder<'text'> {
  if (!isText(value)) return refused('text', `expected a string, got ${typeof value}`);
  return built('text', value);
}

/** Long text (https://developer.monday.com/api-reference/reference/long-text): `{"text":"..."}`. */
export function longText(value: string): ColumnValueBuilder<'long_text'> {
  if (!isText(value)) return refused('long_text', `expected a string, got ${typeof value}`);
  return built('long_text', { text: value });
}

/**
 * The item's name, through its `name` column (https://developer.monday.com/api-reference/reference/items): a string
 * of 1 to 255 characters. The column type reference's name page says JSON only (no simple string); public clients
 * nevertheless send change_simple_column_value to `name`, so which holds today is unconfirmed.
 */
export function name(value: string): ColumnValueBuilder<'name'> {
  if (!isText(value) || value.trim() === '') return refused('name', 'an item name cannot be empty');
  return built('name', value);
}

/** A person or a team assigned in a people column. */
export interface PeopleEntry {
  /** User id (kind `person`) or team id (kind `team`). */
  id: number | string;
  /** Whether `id` is a user's or a team's. */
  kind: 'person' | 'team';
}

/**
 * People and teams (https://developer.monday.com/api-reference/reference/people):
 * `{"personsAndTeams":[{"id":4012689,"kind":"person"}]}`.
 */
export function people(entries: readonly PeopleEntry[]): ColumnValueBuilder<'people'> {
  if (!Array.isArray(entries)) return refused('people', 'expected a list of { id, kind }');
  for (const entry of entries) {
    const problem = idProblem(entry?.id, 'a person or team id');
    if (problem) return refused('people', problem);
    if (entry.kind !== 'person' && entry.kind !== 'team') {
      return refused('people', `kind must be "person" or "team", got ${JSON.stringify(entry.kind)}`);
    }
  }
  return built('people', { personsAndTeams: entries.map((entry) => ({ id: Number(entry.id), kind: entry.kind })) });
}

/** Dropdown labels, by their texts or by their ids (exactly one of the two). */
export type DropdownInput =
  | {
      /** The labels' texts. */
      labels: readonly string[];
      /** Not with `labels`. */
      ids?: never;
    }
  | {
      /** The labels' ids in the column's settings. */
      ids: readonly number[];
      /** Not with `ids`. */
      labels?: never;
    };

/**
 * Dropdown labels (https://developer.monday.com/api-reference/reference/dropdown):
 * `{"labels":["Cookie","Cupcake"]}` or `{"ids":[1,2]}`.
 */
export function dropdown(input: DropdownInput): ColumnValueBuilder<'dropdown'> {
  if (Array.isArray(input?.labels)) {
    if (input.labels.some((label) => !isText(label) || label.trim() === '')) {
      return refused('dropdown', 'every dropdown label must be a non-empty string');
    }
    return built('dropdown', { labels: [...input.labels] });
  }
  const problem = idsProblem(input?.ids, 'a dropdown label id');
  if (problem) return refused('dropdown', problem);
  return built('dropdown', { ids: (input.ids ?? []).map(Number) });
}

/** A date range, both ends included. */
export interface TimelineInput {
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD`, not before `from`. */
  to: string;
}

/**
 * A timeline (https://developer.monday.com/api-reference/reference/timeline): `{"from":"...","to":"..."}`, JSON only.
 */
export function timeline(range: TimelineInput): ColumnValueBuilder<'timeline'> {
  const problem = dateProblem(range?.from, 'from') ?? dateProblem(range?.to, 'to');
  if (problem) return refused('timeline', problem);
  if (range.to < range.from) return refused('timeline', `"to" (${range.to}) is before "from" (${range.from})`);
  return built('timeline', { from: range.from, to: range.to });
}

/** An email address with the text shown for it (https://developer.monday.com/api-reference/reference/email). */
export function email(address: string, label?: string): ColumnValueBuilder<'email'> {
  if (!isText(address) || !/^[^\s@]+@[^\s@]+$/.test(address)) {
    return refused('email', `${JSON.stringify(address)} is not an email address (it needs one @)`);
  }
  return built('email', { email: address, text: label ?? address });
}

/**
 * A phone number and its country (https://developer.monday.com/api-reference/reference/phone):
 * `{"phone":"+12025550123","countryShortName":"US"}`.
 */
export function phone(number: string, countryCode: string): ColumnValueBuilder<'phone'> {
  if (!isText(number) || !/^\+?[\d\s().-]{4,}$/.test(number)) {
    return refused('phone', `${JSON.stringify(number)} is not a phone number`);
  }
  if (!isText(countryCode) || !/^[A-Z]{2}$/.test(countryCode)) {
    return refused(
      'phone',
      `the country must be an ISO 3166-1 alpha-2 code such as "US", got ${JSON.stringify(countryCode)}`,
    );
  }
  return built('phone', { phone: number.replace(/[\s().-]/g, ''), countryShortName: countryCode });
}

/** A link and its text (https://developer.monday.com/api-reference/reference/link): `{"url":"...","text":"..."}`. */
export function link(url: string, label?: string): ColumnValueBuilder<'link'> {
  if (!isText(url) || !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(url)) {
    return refused('link', `${JSON.stringify(url)} is not an absolute URL`);
  }
  return built('link', { url, text: label ?? url });
}

/**
 * A checkbox (https://developer.monday.com/api-reference/reference/checkbox): `{"checked":"true"}`, or cleared; JSON
 * only.
 */
export function checkbox(checked: boolean): ColumnValueBuilder<'checkbox'> {
  if (typeof checked !== 'boolean')
    return refused('checkbox', `expected true or false, got ${JSON.stringify(checked)}`);
  return built('checkbox', checked ? { checked: 'true' } : null);
}

/**
 * A rating of 1 to 10 stars (https://developer.monday.com/api-reference/reference/rating): `{"rating":4}`, JSON
 * only (no simple string). The column's own maximum (5 unless changed) is checked by the platform.
 */
export function rating(stars: number): ColumnValueBuilder<'rating'> {
  if (!Number.isInteger(stars) || stars < 1 || stars > 10) {
    return refused('rating', `a rating is a whole number from 1 to 10, got ${String(stars)}`);
  }
  return built('rating', { rating: stars });
}

/**
 * Tags by id: `{"tag_ids":[1,2]}`. Unconfirmed: the tags page (https://developer.monday.com/api-reference/reference/tags)
 * confirms `tag_ids` as the read field, but its update section was not found to confirm the write key.
 */
export function tags(tagIds: readonly (number | string)[]): ColumnValueBuilder<'tags'> {
  const problem = idsProblem(tagIds, 'a tag id');
  if (problem) return refused('tags', problem);
  return built('tags', { tag_ids: tagIds.map(Number) });
}

/** A time of day (https://developer.monday.com/api-reference/reference/hour): `{"hour":16,"minute":42}`, JSON only. */
export function hour(hours: number, minutes = 0): ColumnValueBuilder<'hour'> {
  if (
    !Number.isInteger(hours) ||
    hours < 0 ||
    hours > 23 ||
    !Number.isInteger(minutes) ||
    minutes < 0 ||
    minutes > 59
  ) {
    return refused('hour', `expected hours 0-23 and minutes 0-59, got ${String(hours)}:${String(minutes)}`);
  }
  return built('hour', { hour: hours, minute: minutes });
}

/**
 * A week, first to last day, seven days inclusive (https://developer.monday.com/api-reference/reference/week):
 * `{"week":{"startDate":"2026-11-23","endDate":"2026-11-29"}}`, JSON only.
 */
export function week(startDate: string, endDate: string): ColumnValueBuilder<'week'> {
  const problem = dateProblem(startDate, 'startDate') ?? dateProblem(endDate, 'endDate');
  if (problem) return refused('week', problem);
  const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000;
  if (days !== 6) return refused('week', `a week spans 7 days, ${startDate} to ${endDate} spans ${days + 1}`);
  return built('week', { week: { startDate, endDate } });
}

/**
 * A country (https://developer.monday.com/api-reference/reference/country):
 * `{"countryCode":"US","countryName":"United States"}`, JSON only.
 */
export function country(code: string, countryName: string): ColumnValueBuilder<'country'> {
  if (!isText(code) || !/^[A-Z]{2}$/.test(code)) {
    return refused('country', `the country code must be ISO 3166-1 alpha-2 such as "US", got ${JSON.stringify(code)}`);
  }
  if (!isText(countryName) || countryName.trim() === '') return refused('country', 'the country name is empty');
  return built('country', { countryCode: code, countryName });
}

/** A place on the map. */
export interface LocationInput {
  /** Latitude, -90 to 90. */
  lat: number;
  /** Longitude, -180 to 180. */
  lng: number;
  /** The address shown. */
  address?: string;
}

/**
 * A location (https://developer.monday.com/api-reference/reference/location): `{"lat":..,"lng":..,"address":".."}`.
 * The page's example quotes lat and lng as strings; that bare numbers are taken too is unconfirmed.
 */
export function location(place: LocationInput): ColumnValueBuilder<'location'> {
  const { lat, lng } = place ?? {};
  if (!Number.isFinite(lat) || lat < -90 || lat > 90 || !Number.isFinite(lng) || lng < -180 || lng > 180) {
    return refused(
      'location',
      `latitude must be -90 to 90 and longitude -180 to 180, got ${String(lat)}, ${String(lng)}`,
    );
  }
  return built('location', place.address === undefined ? { lat, lng } : { lat, lng, address: place.address });
}

/**
 * Items linked through a connect-boards column (https://developer.monday.com/api-reference/reference/connect):
 * `{"item_ids":[123,456]}`, JSON only (also https://developer.monday.com/api-reference/docs/error-handling).
 */
export function boardRelation(itemIds: readonly (number | string)[]): ColumnValueBuilder<'board_relation'> {
  const problem = idsProblem(itemIds, 'an item id');
  if (problem) return refused('board_relation', problem);
  return built('board_relation', { item_ids: itemIds.map(Number) });
}

/**
 * Items this item depends on (https://developer.monday.com/api-reference/reference/dependency): `{"item_ids":[..]}`,
 * JSON only.
 */
export function dependency(itemIds: readonly (number | string)[]): ColumnValueBuilder<'dependency'> {
  const problem = idsProblem(itemIds, 'an item id');
  if (problem) return refused('dependency', problem);
  return built('dependency', { item_ids: itemIds.map(Number) });
}

/**
 * A time zone, IANA `Area/Location` (https://developer.monday.com/api-reference/reference/world-clock):
 * `{"timezone":"Europe/London"}`, JSON only.
 */
export function worldClock(timezone: string): ColumnValueBuilder<'world_clock'> {
  if (!isText(timezone) || !/^(UTC|[A-Z][A-Za-z_-]+(\/[A-Za-z0-9_+-]+)+)$/.test(timezone)) {
    return refused(
      'world_clock',
      `expected an IANA time zone such as "Europe/London", got ${JSON.stringify(timezone)}`,
    );
  }
  return built('world_clock', { timezone });
}

/**
 * A team (https://developer.monday.com/api-reference/docs/team): `{"team_id":51166}`, JSON only. The platform marks
 * the team column deprecated: assign teams through `column.people` with `kind: 'team'`.
 */
export function team(teamId: number | string): ColumnValueBuilder<'team'> {
  const problem = idProblem(teamId, 'a team id');
  if (problem) return refused('team', problem);
  return built('team', { team_id: Number(teamId) });
}

/**
 * Empties a column of any writable kind
 * (https://developer.monday.com/api-reference/reference/column-types-reference): sent as `null`.
 */
export function clear(): ColumnValueBuilder<'clear'> {
  return built('clear', null);
}

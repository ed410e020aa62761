/**
 * Kinds whose value stands alone: text, long text, numbers, checkbox, rating, email, phone, link, hour, week, world
 * clock, country, location, and the read-only colour picker. Formats: each kind's page of
 * https://developer.monday.com/api-reference/reference/column-types-reference (cited beside the client builders in
 * src/columns/builders.ts); round trips pinned by test/e2e/columns-round-trip.test.ts.
 */
import type { ColumnRecord } from '../store/records.js';
import { columnValueError } from './errors.js';
import { calendarDate, fieldsOf, finite, isObject, objectOf } from './parse.js';
import type { KindSpec } from './types.js';

const none = () => ({});
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function textOf(column: ColumnRecord, input: unknown): string {
  const value = isObject(input) ? input.text : input;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  throw columnValueError(column, 'expected a string');
}

/** Splits "first rest of text" at its first space. */
function firstWord(text: string): [string, string | undefined] {
  const at = text.indexOf(' ');
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

export const PLAIN_KINDS = {
  text: {
    valueType: 'TextValue',
    settings: none,
    write: (input, { column }) => textOf(column, input),
    simple: (text) => text,
    text: (stored) => String(stored ?? ''),
  },
  long_text: {
    valueType: 'LongTextValue',
    settings: none,
    write: (input, { column }) => ({ text: textOf(column, input) }),
    simple: (text) => ({ text }),
    text: (stored) => String(fieldsOf(stored).text ?? ''),
  },
  numbers: {
    valueType: 'NumbersValue',
    settings: none,
    calculable: true,
    write: (input, { column }) => {
      const number = typeof input === 'number' || typeof input === 'string' ? finite(input) : null;
      if (number === null) throw columnValueError(column, `expected a number, got ${JSON.stringify(input)}`);
      return String(number);
    },
    simple: (text) => text,
    text: (stored) => (stored == null ? '' : String(stored)),
    fields: (stored) => ({ number: stored == null ? null : Number(stored), symbol: null, direction: null }),
    cell: (stored) => (stored == null ? null : Number(stored)),
  },
  checkbox: {
    valueType: 'CheckboxValue',
    settings: none,
    write: (input, { column }) => {
      const checked = isObject(input) ? input.checked : input;
      if (checked === true || checked === 'true') return { checked: 'true' };
      if (checked === false || checked === 'false') return null;
      throw columnValueError(column, 'expected {"checked": "true"}');
    },
    text: (stored) => (fieldsOf(stored).checked === 'true' ? 'v' : ''),
    fields: (stored) => ({ checked: fieldsOf(stored).checked === 'true' }),
    cell: (stored) => (fieldsOf(stored).checked === 'true' ? 'true' : null),
  },
  rating: {
    valueType: 'RatingValue',
    settings: () => ({ max: 5 }),
    write: (input, { column }) => {
      const rating = finite(isObject(input) ? input.rating : input);
      const max = Number(column.settings.max ?? 5);
      if (rating === null || !Number.isInteger(rating) || rating < 0 || rating > max) {
        throw columnValueError(column, `a rating is a whole number from 1 to ${max}`);
      }
      return rating === 0 ? null : { rating };
    },
    // No simple form: the rating page says JSON only (https://developer.monday.com/api-reference/reference/rating).
    text: (stored) => (stored == null ? '' : String(fieldsOf(stored).rating)),
    fields: (stored) => ({ rating: finite(fieldsOf(stored).rating) }),
    cell: (stored) => finite(fieldsOf(stored).rating),
  },
  email: {
    valueType: 'EmailValue',
    settings: none,
    write: (input, { column }) => {
      const value = objectOf(column, input, '{"email": "...", "text": "..."}');
      if (typeof value.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(value.email)) {
        throw columnValueError(column, `${JSON.stringify(value.email)} is not an email address`);
      }
      return { email: value.email, text: typeof value.text === 'string' ? value.text : value.email };
    },
    simple: (text) => {
      const [email, label] = firstWord(text);
      return { email, text: label ?? email };
    },
    text: (stored) => (stored == null ? '' : String(fieldsOf(stored).text ?? fieldsOf(stored).email)),
    fields: (stored) => ({ email: str(fieldsOf(stored).email), label: str(fieldsOf(stored).text) }),
  },
  phone: {
    valueType: 'PhoneValue',
    settings: none,
    write: (input, { column }) => {
      const value = objectOf(column, input, '{"phone": "...", "countryShortName": "US"}');
      if (typeof value.phone !== 'string' || !/^\+?\d{4,}$/.test(value.phone)) {
        throw columnValueError(column, `${JSON.stringify(value.phone)} is not a phone number (digits only)`);
      }
      if (typeof value.countryShortName !== 'string' || !/^[A-Z]{2}$/.test(value.countryShortName)) {
        throw columnValueError(column, 'countryShortName must be an ISO 3166-1 alpha-2 code');
      }
      return { phone: value.phone, countryShortName: value.countryShortName };
    },
    simple: (text) => {
      const [phone, country] = firstWord(text);
      return { phone, countryShortName: country };
    },
    text: (stored) => String(fieldsOf(stored).phone ?? ''),
    fields: (stored) => ({
      phone: str(fieldsOf(stored).phone),
      country_short_name: str(fieldsOf(stored).countryShortName),
    }),
  },
  link: {
    valueType: 'LinkValue',
    settings: none,
    write: (input, { column }) => {
      const value = objectOf(column, input, '{"url": "...", "text": "..."}');
      if (typeof value.url !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value.url)) {
        throw columnValueError(column, `${JSON.stringify(value.url)} is not an absolute URL`);
      }
      return { url: value.url, text: typeof value.text === 'string' ? value.text : value.url };
    },
    simple: (text) => {
      const [url, label] = firstWord(text);
      return { url, text: label ?? url };
    },
    text: (stored) => (stored == null ? '' : `${fieldsOf(stored).text} - ${fieldsOf(stored).url}`),
    fields: (stored) => ({ url: str(fieldsOf(stored).url), url_text: str(fieldsOf(stored).text) }),
  },
  hour: {
    valueType: 'HourValue',
    settings: () => ({ hour: { format: '24H' } }),
    write: (input, { column }) => {
      const value = objectOf(column, input, '{"hour": 0-23, "minute": 0-59}');
      const [hour, minute] = [finite(value.hour), finite(value.minute ?? 0)];
      if (hour === null || minute === null || !Number.isInteger(hour) || hour < 0 || hour > 23) {
        throw columnValueError(column, 'hour must be a whole number 0-23');
      }
      if (!Number.isInteger(minute) || minute < 0 || minute > 59) {
        throw columnValueError(column, 'minute must be a whole number 0-59');
      }
      return { hour, minute };
    },
    text: (stored) => {
      if (stored == null) return '';
      const { hour, minute } = fieldsOf(stored);
      return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    },
    fields: (stored) => ({ hour: finite(fieldsOf(stored).hour), minute: finite(fieldsOf(stored).minute) }),
    cell: (stored) => (stored == null ? null : Number(fieldsOf(stored).hour) * 60 + Number(fieldsOf(stored).minute)),
  },
  week: {
    valueType: 'WeekValue',
    settings: none,
    write: (input, { column }) => {
      const week = objectOf(
        column,
        objectOf(column, input, '{"week": {"startDate", "endDate"}}').week,
        '{"week": {...}}',
      );
      const start = calendarDate(column, week.startDate, 'startDate');
      const end = calendarDate(column, week.endDate, 'endDate');
      if (Date.parse(end) - Date.parse(start) !== 6 * 86_400_000) {
        throw columnValueError(column, 'a week is 7 days, startDate to endDate inclusive');
      }
      return { week: { startDate: start, endDate: end } };
    },
    text: (stored) => {
      const week = fieldsOf(fieldsOf(stored).week);
      return stored == null ? '' : `${week.startDate} - ${week.endDate}`;
    },
    fields: (stored) => {
      const week = fieldsOf(fieldsOf(stored).week);
      return { start_date: str(week.startDate), end_date: str(week.endDate) };
    },
    cell: (stored) => str(fieldsOf(fieldsOf(stored).week).startDate),
  },
  world_clock: {
    valueType: 'WorldClockValue',
    settings: none,
    write: (input, { column }) => {
      const { timezone } = objectOf(column, input, '{"timezone": "Europe/London"}');
      if (typeof timezone !== 'string' || !/^(UTC|[A-Z][A-Za-z_-]+(\/[A-Za-z0-9_+-]+)+)$/.test(timezone)) {
        throw columnValueError(column, `${JSON.stringify(timezone)} is not an IANA time zone`);
      }
      return { timezone };
    },
    text: (stored) => String(fieldsOf(stored).timezone ?? ''),
    fields: (stored) => ({ timezone: str(fieldsOf(stored).timezone) }),
  },
  country: {
    valueType: 'CountryValue',
    settings: none,
    write: (input, { column }) => {
      const value = objectOf(column, input, '{"countryCode": "US", "countryName": "United States"}');
      if (typeof value.countryCode !== 'string' || !/^[A-Z]{2}$/.test(value.countryCode)) {
        throw columnValueError(column, 'countryCode must be an ISO 3166-1 alpha-2 code');
      }
      if (typeof value.countryName !== 'string' || value.countryName.trim() === '') {
        throw columnValueError(column, 'countryName is missing');
      }
      return { countryCode: value.countryCode, countryName: value.countryName };
    },
    text: (stored) => String(fieldsOf(stored).countryName ?? ''),
    fields: (stored) =>
      stored == null
        ? { country: null }
        : { country: { code: fieldsOf(stored).countryCode, name: fieldsOf(stored).countryName } },
  },
  location: {
    valueType: 'LocationValue',
    settings: none,
    write: (input, { column }) => {
      const value = objectOf(column, input, '{"lat": ..., "lng": ..., "address": "..."}');
      const [lat, lng] = [finite(value.lat), finite(value.lng)];
      if (lat === null || lat < -90 || lat > 90 || lng === null || lng < -180 || lng > 180) {
        throw columnValueError(column, 'lat must be -90 to 90 and lng -180 to 180');
      }
      return typeof value.address === 'string' ? { lat, lng, address: value.address } : { lat, lng };
    },
    simple: (text) => {
      const [lat, rest = ''] = firstWord(text);
      const [lng, address] = firstWord(rest);
      return address === undefined ? { lat, lng } : { lat, lng, address };
    },
    text: (stored) =>
      stored == null ? '' : String(fieldsOf(stored).address ?? `${fieldsOf(stored).lat}, ${fieldsOf(stored).lng}`),
    fields: (stored) => {
      const value = fieldsOf(stored);
      const empty = { city: null, city_short: null, country: null, country_short: null, place_id: null };
      const streets = { street: null, street_number: null, street_number_short: null, street_short: null };
      return { lat: finite(value.lat), lng: finite(value.lng), address: str(value.address), ...empty, ...streets };
    },
  },
  // Read-only through the API: the color picker page lists Update: No and Clear: No
  // (https://developer.monday.com/api-reference/reference/color-picker), so it has no `write` and refuses values.
  color_picker: {
    valueType: 'ColorPickerValue',
    settings: none,
    text: (stored) => String(fieldsOf(fieldsOf(stored).color).hex ?? ''),
    fields: (stored) => ({ color: str(fieldsOf(fieldsOf(stored).color).hex) }),
  },
} satisfies Record<string, KindSpec>;

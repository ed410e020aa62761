/**
 * Date kinds: date (a day, optionally a UTC time) and timeline (a range of days)
 * (https://developer.monday.com/api-reference/reference/date, .../timeline). Rules compare days as `YYYY-MM-DD`.
 */
import { columnValueError } from './errors.js';
import { calendarDate, fieldsOf, isObject, objectOf } from './parse.js';
import type { KindSpec } from './types.js';

const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const DATE_KINDS = {
  date: {
    valueType: 'DateValue',
    settings: () => ({}),
    write: (input, { column }) => {
      const [day, time] =
        typeof input === 'string' ? input.split(' ') : isObject(input) ? [input.date, input.time] : [undefined];
      const date = calendarDate(column, day);
      if (time === undefined || time === null || time === '') return { date };
      const match = typeof time === 'string' ? TIME.exec(time) : null;
      if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3] ?? 0) > 59) {
        throw columnValueError(column, 'time must be "HH:MM:SS"');
      }
      return { date, time: match[3] === undefined ? `${time}:00` : time };
    },
    simple: (text) => text,
    text: (stored) => {
      if (stored == null) return '';
      const { date, time } = fieldsOf(stored);
      return time ? `${date} ${time}` : String(date);
    },
    fields: (stored) => ({ date: str(fieldsOf(stored).date), time: str(fieldsOf(stored).time), icon: null }),
    cell: (stored) => str(fieldsOf(stored).date),
  },
  timeline: {
    valueType: 'TimelineValue',
    settings: () => ({}),
    write: (input, { column }) => {
      const value = objectOf(column, input, '{"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}');
      const from = calendarDate(column, value.from, 'from');
      const to = calendarDate(column, value.to, 'to');
      if (to < from) throw columnValueError(column, '"to" is before "from"');
      return { from, to };
    },
    text: (stored) => (stored == null ? '' : `${fieldsOf(stored).from} - ${fieldsOf(stored).to}`),
    fields: (stored) => ({
      from: str(fieldsOf(stored).from),
      to: str(fieldsOf(stored).to),
      visualization_type: null,
    }),
    cell: (stored) => str(fieldsOf(stored).from),
  },
} satisfies Record<string, KindSpec>;

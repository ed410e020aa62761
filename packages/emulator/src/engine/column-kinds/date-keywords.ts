/**
 * The platform's relative date keywords in items_page rules on date columns
 * (https://developer.monday.com/api-reference/reference/date), as day ranges around the store's clock, in UTC (the
 * platform uses the caller's time zone and first day of the week; the emulator's users all read UTC, weeks start on
 * Monday). OVERDUE, UPCOMING, DONE_ON_TIME and DONE_OVERDUE also read the board's status column: they live in
 * ../date-status-keywords.ts.
 */

/** An inclusive range of days `YYYY-MM-DD`; `open` ends mean "and before" / "and after". */
export interface DayRange {
  from: string | null;
  to: string | null;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** The range `keyword` stands for at `now`, or undefined when it is not a modelled keyword. */
export function dateKeywordRange(keyword: string, now: Date): DayRange | undefined {
  const monday = plusDays(now, -((now.getUTCDay() + 6) % 7));
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const single = (date: Date) => ({ from: day(date), to: day(date) });
  switch (keyword) {
    case 'TODAY':
      return single(now);
    case 'TOMORROW':
      return single(plusDays(now, 1));
    case 'YESTERDAY':
      return single(plusDays(now, -1));
    case 'THIS_WEEK':
      return { from: day(monday), to: day(plusDays(monday, 6)) };
    case 'ONE_WEEK_AGO':
      return { from: day(plusDays(monday, -7)), to: day(plusDays(monday, -1)) };
    case 'ONE_WEEK_FROM_NOW':
      return { from: day(plusDays(monday, 7)), to: day(plusDays(monday, 13)) };
    case 'THIS_MONTH':
      return { from: day(month), to: day(monthEnd) };
    case 'ONE_MONTH_AGO':
      return {
        from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))),
        to: day(plusDays(month, -1)),
      };
    case 'ONE_MONTH_FROM_NOW':
      return {
        from: day(plusDays(monthEnd, 1)),
        to: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0))),
      };
    case 'PAST_DATETIME':
      return { from: null, to: day(plusDays(now, -1)) };
    case 'FUTURE_DATETIME':
      return { from: day(plusDays(now, 1)), to: null };
    default:
      return undefined;
  }
}

/** True when `date` lies in `range`. */
export function inRange(date: string, range: DayRange): boolean {
  return (range.from === null || date >= range.from) && (range.to === null || date <= range.to);
}

import type { IntlShape } from 'react-intl';

/**
 * A moment in words relative to today, in the window's language: "today 14:05", "tomorrow 09:30",
 * "Thu, Nov 21 18:00". Pure but for the clock it is given. The intl's formatters are cached per
 * options (@formatjs/intl), so a queue of thousands of waiting rows does not build one per row.
 */
export function whenWords(intl: IntlShape, at: number, now: number = Date.now()): string {
  const time = intl.formatTime(at, { hour: '2-digit', minute: '2-digit' });
  const days = dayNumber(at) - dayNumber(now);
  if (days <= 0) return intl.formatMessage({ id: 'queue.when.today' }, { time });
  if (days === 1) return intl.formatMessage({ id: 'queue.when.tomorrow' }, { time });
  return intl.formatMessage({ id: 'queue.when.later' }, { time, day: intl.formatDate(at, { weekday: 'short', day: 'numeric', month: 'short' }) });
}

/** The end of the local day `now` is in: what goes before it goes today. */
export function endOfToday(now: number = Date.now()): number {
  const end = new Date(now);
  end.setHours(24, 0, 0, 0);
  return end.getTime();
}

function dayNumber(ms: number): number {
  const date = new Date(ms);
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  return Math.round(new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime() / 86_400_000);
}

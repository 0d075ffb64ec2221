// Built once: toLocale*String with options builds a formatter on every call, and a queue of
// thousands of waiting rows asks on every render (queue-render benchmark).
const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

/** A moment in words relative to today: "today 14:05", "tomorrow 09:30", "Thu 21 Nov 18:00". Pure but for the clock it is given. */
export function whenWords(at: number, now: number = Date.now()): string {
  const time = TIME.format(at);
  const days = dayNumber(at) - dayNumber(now);
  if (days <= 0) return `today ${time}`;
  if (days === 1) return `tomorrow ${time}`;
  return `${DAY.format(at)} ${time}`;
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

/**
 * An Accept-Language header read the way browsers send it: its language tags, most preferred
 * first (q-values, ties in the header's order), without the ones weighted 0 or malformed. The
 * sandbox's pages and the app's sign-in callback page each match them to the languages they speak.
 */

/** An over-long header is a client's mistake or an attack; the first part of it decides. */
const MAX_HEADER = 1000;
const MAX_RANGES = 30;

/** Lower-case tags (`pt-br`, `*`), most preferred first. */
export function acceptedLanguages(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranges: { tag: string; q: number; order: number }[] = [];
  for (const [order, part] of value.slice(0, MAX_HEADER).split(',').slice(0, MAX_RANGES).entries()) {
    const [rawTag, ...rawParams] = part.split(';');
    const tag = rawTag!.trim().toLowerCase();
    if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) continue;
    let q = 1;
    for (const param of rawParams) {
      if (!/^\s*q\s*=/i.test(param)) continue;
      // A weight that is not one (q=2x) makes the range unreadable: skip it rather than guess.
      const match = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(param);
      q = match ? Math.min(1, Number(match[1])) : 0;
    }
    if (q > 0) ranges.push({ tag, q, order });
  }
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order).map((range) => range.tag);
}

/**
 * Arithmetic for what the window shows, no words: sizes, speeds, durations, times left and counts
 * are worded in the window's locale by i18n/format.ts (useFormat) and the catalogs' plurals.
 */

/** A whole percentage of part in whole, 0–100 (0 when there is no whole yet). */
export function percent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((part / whole) * 100)));
}

/**
 * The order the Queue shows its drafts in: drafts that are done with (delivered, or cancelled) go
 * below the rest, so what is under way, waiting or needs the person comes first and new drafts show
 * at the top, not under a day's finished ones; each part keeps the queue's order. One rule for the
 * window's list (renderer/src/state/queue-rows.ts) and the first page the main process answers
 * before the whole queue (drafts.firstPage), so the first screen is the list's own top.
 */
const FINISHED: ReadonlySet<string> = new Set(['inbox', 'posted', 'cancelled']);

export function isFinishedState(state: string): boolean {
  return FINISHED.has(state);
}

/** The first `size` items in display order (unfinished first, each part in the given order), without sorting the rest. */
export function firstInDisplayOrder<T>(items: readonly T[], stateOf: (item: T) => string, size: number): T[] {
  const first: T[] = [];
  for (const item of items) {
    if (first.length === size) return first;
    if (!FINISHED.has(stateOf(item))) first.push(item);
  }
  for (const item of items) {
    if (first.length === size) break;
    if (FINISHED.has(stateOf(item))) first.push(item);
  }
  return first;
}

/**
 * The journal's format: JSON lines, one batch per flush. A batch is one line per changed record,
 * `{"seq":N,"collection":C,"id":I,"value":V}` (its latest value) or `{"seq":N,"collection":C,"id":I,"deleted":true}`,
 * then its end, `{"seq":N,"end":{"records":K,"clock_offset_ms":T}}`. A batch counts only with its
 * end line: a flush writes its batch in one append and syncs it before it resolves, so a crash
 * mid-append leaves at most the last batch without its end (a torn tail), which no answer waited on.
 */
/** The state in memory: records by id, by collection (Maps, so no id or name is special). */
export type CollectionMaps = Map<string, Map<string, unknown>>;

export type JournalChange = { collection: string; id: string; value: unknown } | { collection: string; id: string; deleted: true };

export interface JournalBatch {
  seq: number;
  changes: JournalChange[];
  clockOffsetMs: number;
}

/** A batch as the bytes one append writes. */
export function encodeBatch(batch: JournalBatch): string {
  let text = '';
  for (const change of batch.changes) text += `${JSON.stringify({ seq: batch.seq, ...change })}\n`;
  return `${text}${JSON.stringify({ seq: batch.seq, end: { records: batch.changes.length, clock_offset_ms: batch.clockOffsetMs } })}\n`;
}

export interface JournalRead {
  /** The complete batches, in order. */
  batches: JournalBatch[];
  /** Bytes from the start that hold complete batches only: the journal is cut back to this before the next append. */
  goodBytes: number;
  /** A line before the last that is not a journal line (1-based), or null: the journal is damaged there. */
  damagedLine: number | null;
}

type Line = { seq: number; change: JournalChange } | { seq: number; end: { records: number; clockOffsetMs: number } };

/** Read a journal's text. Stops at a damaged line; a torn tail (the last line cut short or unreadable, or a last batch without its end) is left out. */
export function decodeJournal(text: string): JournalRead {
  const lines = text.split('\n');
  // After the last newline: empty, or a line cut short by a crash mid-append.
  lines.pop();
  const batches: JournalBatch[] = [];
  let pending: JournalChange[] = [];
  let pendingSeq = 0;
  let offset = 0;
  let goodBytes = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = parseLine(lines[i]!);
    const isLast = i === lines.length - 1;
    // A bad line is damage unless it is the last one (a torn tail: that append never completed).
    const damaged = (): JournalRead => ({ batches, goodBytes, damagedLine: isLast ? null : i + 1 });
    if (line === null) return damaged();
    // A line of another batch before this one's end, or a batch out of order: not what a flush writes.
    if ((pending.length > 0 && line.seq !== pendingSeq) || line.seq <= (batches.at(-1)?.seq ?? 0)) return damaged();
    if ('change' in line) {
      pending.push(line.change);
      pendingSeq = line.seq;
    } else {
      if (line.end.records !== pending.length) return damaged();
      batches.push({ seq: line.seq, changes: pending, clockOffsetMs: line.end.clockOffsetMs });
      pending = [];
      goodBytes = offset + Buffer.byteLength(lines[i]!) + 1;
    }
    offset += Buffer.byteLength(lines[i]!) + 1;
  }
  return { batches, goodBytes, damagedLine: null };
}

/** Apply batches after `afterSeq` (those the snapshot does not hold) to `maps`, in order; returns the clock offset of the last one applied, or null. */
export function applyBatches(maps: CollectionMaps, batches: JournalBatch[], afterSeq: number): number | null {
  let clockOffsetMs: number | null = null;
  for (const batch of batches) {
    if (batch.seq <= afterSeq) continue;
    for (const change of batch.changes) {
      let records = maps.get(change.collection);
      if (!records) maps.set(change.collection, (records = new Map()));
      if ('deleted' in change) records.delete(change.id);
      else records.set(change.id, change.value);
    }
    clockOffsetMs = batch.clockOffsetMs;
  }
  return clockOffsetMs;
}

function parseLine(text: string): Line | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const line = value as Record<string, unknown>;
  const seq = line.seq;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) return null;
  if ('end' in line) {
    const end = line.end as Record<string, unknown> | null;
    if (end === null || typeof end !== 'object' || !Number.isSafeInteger(end.records) || typeof end.clock_offset_ms !== 'number' || !Number.isFinite(end.clock_offset_ms)) return null;
    return { seq, end: { records: end.records as number, clockOffsetMs: end.clock_offset_ms } };
  }
  const { collection, id } = line;
  if (typeof collection !== 'string' || typeof id !== 'string') return null;
  if (line.deleted === true) return { seq, change: { collection, id, deleted: true } };
  if (!('value' in line)) return null;
  return { seq, change: { collection, id, value: line.value } };
}

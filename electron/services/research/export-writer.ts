/**
 * Loaded rows as CSV (RFC 4180, a header of the search's fields) or NDJSON (one record per line),
 * written a slice at a time with the destination's backpressure respected, so an export of
 * 100,000 rows never exists whole in memory as text.
 *
 * CSV: lists (hashtags, effect ids) are joined with ";"; a text cell that a spreadsheet would run
 * as a formula (it starts with = + - @ or a tab/CR) gets a leading apostrophe (OWASP "CSV injection").
 */
import type { Writable } from 'node:stream';
import type { VideoField } from '../../../common/research-rules.js';
import type { VideoRow } from '../../core/contract/research.js';

export type ExportFormat = 'csv' | 'ndjson';

const SLICE = 500;

export function exportFileName(format: ExportFormat, now: Date): string {
  return `research-${now.toISOString().slice(0, 19).replaceAll(':', '-')}.${format === 'csv' ? 'csv' : 'ndjson'}`;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' };

/** The columns of an export: the id first, then the search's other fields. */
export function exportColumns(fields: readonly VideoField[]): VideoField[] {
  return ['id', ...fields.filter((field) => field !== 'id')];
}

/** What an export starts with: CSV's header line; nothing for NDJSON. */
export function exportHeader(columns: readonly VideoField[], format: ExportFormat): string {
  return format === 'csv' ? `${columns.join(',')}\r\n` : '';
}

/** Rows [from, to) as export lines. */
export function exportLines(rows: readonly VideoRow[], columns: readonly VideoField[], format: ExportFormat, from: number, to: number): string {
  let text = '';
  for (let i = from; i < Math.min(rows.length, to); i++) {
    const row = rows[i]!;
    text += format === 'csv' ? `${columns.map((column) => csvCell(row[column])).join(',')}\r\n` : `${JSON.stringify(row)}\n`;
  }
  return text;
}

/** Writes every row to `out` and ends it; resolves once the destination has taken it all. */
export function writeExport(rows: readonly VideoRow[], fields: readonly VideoField[], format: ExportFormat, out: Writable): Promise<void> {
  const columns = exportColumns(fields);
  // The rows array may grow while this runs (loading continues): export what was loaded at the start.
  const total = rows.length;
  async function* texts(): AsyncGenerator<string> {
    yield exportHeader(columns, format);
    for (let start = 0; start < total; start += SLICE) yield exportLines(rows, columns, format, start, Math.min(total, start + SLICE));
  }
  return writeTexts(texts(), out);
}

/**
 * Writes each text of `texts` to `out`, waiting for the destination to drain when it asks to, and
 * ends it; resolves once the destination has taken it all. The texts may be made elsewhere (the
 * rows worker makes a research export's, rows-client.ts).
 */
export async function writeTexts(texts: AsyncIterable<string>, out: Writable): Promise<void> {
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (out.destroyed) return reject(new Error('the export destination closed'));
      if (out.write(text)) return resolve();
      const onDrain = () => {
        out.off('close', onClose);
        resolve();
      };
      const onClose = () => {
        out.off('drain', onDrain);
        reject(new Error('the export destination closed'));
      };
      out.once('drain', onDrain);
      out.once('close', onClose);
    });
  for await (const text of texts) if (text !== '') await write(text);
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(() => resolve());
  });
}

export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = Array.isArray(value) ? value.join(';') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

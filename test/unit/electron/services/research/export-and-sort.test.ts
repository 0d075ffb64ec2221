/** Export cells (RFC 4180, formula-safe), the streamed writer, and sorting by a column. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvCell, writeExport } from '../../../../../electron/services/research/export-writer.js';
import { sortedOrder } from '../../../../../electron/services/research/sort-order.js';

describe('export', () => {
  it('quotes what CSV needs quoted, joins lists, and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell(['x', 'y'])).toBe('x;y');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(false)).toBe('false');
  });

  it('streams every row under a header of the fields, id first, honouring backpressure', async () => {
    const rows = Array.from({ length: 1234 }, (_, i) => ({ id: String(1e18 + i), like_count: i, hashtag_names: ['a', 'b'] }));
    const out = new PassThrough({ highWaterMark: 1024 });
    const chunks: string[] = [];
    const done = writeExport(rows, ['like_count', 'hashtag_names'], 'csv', out);
    // Read slowly: the writer must wait for drain instead of buffering everything.
    for await (const chunk of out) {
      chunks.push(String(chunk));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await done;
    const lines = chunks.join('').trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,like_count,hashtag_names');
    expect(lines).toHaveLength(1235);
    expect(lines[1234]).toBe(`${String(1e18 + 1233)},1233,a;b`);
    const nd = new PassThrough();
    let text = '';
    nd.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await writeExport(rows.slice(0, 2), ['like_count'], 'ndjson', nd);
    expect(text.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual(rows.slice(0, 2));
  });
});

describe('sorting loaded rows', () => {
  it('sorts positions by a column, missing values last, ties in arrival order, ids as numbers', () => {
    const rows = [{ id: '20', like_count: 5 }, { id: '3' }, { id: '100', like_count: 1 }, { id: '7', like_count: 5 }];
    expect([...sortedOrder(rows, 'like_count', 'desc')]).toEqual([0, 3, 2, 1]);
    expect([...sortedOrder(rows, 'like_count', 'asc')]).toEqual([2, 0, 3, 1]);
    expect([...sortedOrder(rows, 'id', 'asc')]).toEqual([1, 3, 0, 2]);
  });
});

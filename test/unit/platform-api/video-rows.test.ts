/**
 * Op 10's records checked in place: whatever comes, the outcome is the VideoRow schema's (the same
 * records, unknown fields stripped, or a refusal naming the record and field), and a record the
 * schema would keep unchanged is kept as the very object parsed from the answer.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VideoRow } from '../../../electron/core/contract/research.js';
import { VideoRows } from '../../../platform-api/video-rows.js';

const bySchema = z.array(VideoRow);

describe('video rows', () => {
  it('keeps records the schema would keep unchanged, as they are', () => {
    const records = [
      { id: '1', like_count: 3, hashtag_names: ['a', 'b'], is_stem_verified: false, video_description: '' },
      { id: '2' },
    ];
    const parsed = VideoRows.parse(records);
    expect(parsed).toEqual(bySchema.parse(records));
    expect(parsed[0]).toBe(records[0]);
    expect(parsed[1]).toBe(records[1]);
  });

  it('strips unknown fields as the schema does, and refuses what it refuses, naming the record and field', () => {
    const extra = JSON.parse('{"id":"3","like_count":1,"token":"x","__proto__":{"polluted":true}}') as unknown;
    expect(VideoRows.parse([extra])).toEqual([{ id: '3', like_count: 1 }]);
    for (const [bad, path] of [
      [{ id: 4 }, [1, 'id']],
      [{ like_count: 1 }, [1, 'id']],
      [{ id: '5', like_count: null }, [1, 'like_count']],
      [{ id: '5', view_count: '12' }, [1, 'view_count']],
      [{ id: '5', hashtag_names: ['a', 7] }, [1, 'hashtag_names', 1]],
      [{ id: '5', hashtag_names: 'a' }, [1, 'hashtag_names']],
      [['5'], [1]],
      [null, [1]],
    ] as const) {
      const fast = VideoRows.safeParse([{ id: 'ok' }, bad]);
      const schema = bySchema.safeParse([{ id: 'ok' }, bad]);
      expect(fast.success, JSON.stringify(bad)).toBe(false);
      expect(schema.success).toBe(false);
      expect(fast.error!.issues.map((issue) => [issue.path, issue.message])).toEqual(schema.error!.issues.map((issue) => [issue.path, issue.message]));
      expect(fast.error!.issues[0]!.path).toEqual(path);
    }
  });

  it('agrees with the schema on thousands of random records', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const values = ['s', '', 0, -1.5, 1e21, true, false, null, [], ['x'], ['x', 1], {}, undefined];
    const fields = [...Object.keys(VideoRow.shape), 'unknown_field', 'constructor'];
    for (let n = 0; n < 3000; n++) {
      const record: Record<string, unknown> = {};
      for (const field of fields) if (random() < 0.3) record[field] = values[Math.floor(random() * values.length)];
      if (random() < 0.8) record.id = String(n);
      const fast = VideoRows.safeParse([record]);
      const schema = bySchema.safeParse([record]);
      expect(fast.success, JSON.stringify(record)).toBe(schema.success);
      if (fast.success) expect(fast.data).toEqual(schema.data);
    }
  });
});

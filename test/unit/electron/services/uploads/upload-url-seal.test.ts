import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from '../../../../../electron/services/uploads/journal.js';
import { aesUrlSeal, draftJournalCodec, plainUrls } from '../../../../../electron/services/uploads/upload-url-seal.js';
import type { DraftRecord } from '../../../../../electron/services/uploads/draft.js';

const URL_ = 'http://127.0.0.1:5555/upload/v_inbox_file~1.abc?credential=upl.SECRET-CREDENTIAL';

const draft = (uploadUrl: string | null): DraftRecord => ({
  id: '6f1c2f39-5d0e-4f7e-9d8a-2b1f0c3e4a5b', kind: 'video', openId: 'sbx-user-ava', fileName: 'a.mp4', filePath: '/tmp/a.mp4', ownsFile: false, mimeType: 'video/mp4',
  size: 10, durationMs: null, fingerprint: { size: 10, mtimeMs: 1, edgeSha256: 'x' }, sourceUrl: null, downloadedBytes: 0, addedAt: 1, state: 'uploading', reason: null, failCode: null,
  publishId: uploadUrl ? 'v_inbox_file~1.abc' : null, uploadUrl, uploadUrlIssuedAt: uploadUrl ? 1 : null, chunkSize: 10, totalChunkCount: 1, nextChunk: 0,
  uploadedBytes: 0, platformStatus: null, attempts: 0, notBefore: null, resumeState: null, freshPublishReason: null, photo: null, resumedAfterCrash: false, batchId: null, contentKey: null, video: null, fix: null,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dd-seal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('upload URL seal', () => {
  it('seals with a fresh IV each time and opens with the same key only', () => {
    const key = randomBytes(32);
    const seal = aesUrlSeal(key);
    const a = seal.seal(URL_);
    const b = seal.seal(URL_);
    expect(a).toMatch(/^sealed:v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('credential');
    expect(seal.open(a)).toBe(URL_);
    expect(aesUrlSeal(randomBytes(32)).open(a)).toBeNull();
    // Tampered: the GCM tag refuses it.
    expect(seal.open(a.slice(0, -4) + (a.endsWith('AAAA') ? 'BBBB' : 'AAAA'))).toBeNull();
    // A sealed URL without a key (the vault stopped persisting) cannot be opened either.
    expect(plainUrls.open(a)).toBeNull();
  });

  it('keeps a journal written before sealing readable, and seals what it writes from then on', () => {
    const file = join(dir, 'drafts.json');
    // A journal line from before this change: the URL in the clear.
    writeFileSync(`${file}.journal`, JSON.stringify({ op: 'put', record: draft(URL_) }) + '\n');
    const seal = aesUrlSeal(randomBytes(32));
    const journal = new Journal({ file, ...draftJournalCodec(seal) });
    expect(journal.all()[0]!.uploadUrl).toBe(URL_);
    // Opening compacted it: the snapshot on disk now holds the URL sealed, and nothing in the clear.
    const onDisk = readFileSync(file, 'utf8');
    expect(onDisk).toContain('sealed:v1:');
    expect(onDisk).not.toContain('SECRET-CREDENTIAL');
    journal.put({ ...draft(URL_), nextChunk: 1 });
    expect(readFileSync(`${file}.journal`, 'utf8')).not.toContain('SECRET-CREDENTIAL');

    const reopened = new Journal({ file, ...draftJournalCodec(seal) });
    expect(reopened.all()[0]).toMatchObject({ uploadUrl: URL_, nextChunk: 1 });
  });

  it('drops a URL it cannot open, so the draft starts a fresh publish instead of failing', () => {
    const file = join(dir, 'drafts.json');
    new Journal({ file, ...draftJournalCodec(aesUrlSeal(randomBytes(32))) }).put(draft(URL_));
    const other = new Journal({ file, ...draftJournalCodec(aesUrlSeal(randomBytes(32))) });
    expect(other.all()[0]).toMatchObject({ uploadUrl: null, uploadUrlIssuedAt: null, publishId: 'v_inbox_file~1.abc' });
  });
});

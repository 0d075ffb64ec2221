/**
 * A draft's view is picked from its record and live figures, not parsed (the contract is checked
 * where a view leaves, by the event hub and the dispatcher): it holds the contract's fields and
 * nothing of the record beyond them, the same as the contract's parse makes of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DraftView } from '../../../../../electron/core/contract/index.js';
import { DraftQueue } from '../../../../../electron/services/uploads/queue.js';
import { plainUrls } from '../../../../../electron/services/uploads/upload-url-seal.js';
import { draftRecord, withPublish } from '../../../../support/draft-fixture.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('holds the contract’s fields only: the upload URL and the file’s path stay in the main process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dd-queue-view-'));
  dirs.push(dataDir);
  const queue = new DraftQueue(dataDir, plainUrls, { emit: () => {} }, () => ({ speedBps: 1000, etaSeconds: 3, sentBytes: 2048, hasThumbnail: true, expectedAt: null, fix: null }));
  const record = withPublish(draftRecord({ id: 'sending', state: 'uploading' }), 4, 1024);
  expect(record.uploadUrl).not.toBeNull();
  queue.add(record);

  const view = queue.view(queue.get('sending')!);
  expect(Object.keys(view).sort()).toEqual(Object.keys(DraftView.shape).sort());
  expect(view).toEqual(DraftView.parse(view));
  expect(JSON.stringify(view)).not.toContain(record.uploadUrl!);
  expect(JSON.stringify(view)).not.toContain(record.filePath);
  expect(view).toMatchObject({ id: 'sending', state: 'uploading', sentBytes: 2048, speedBps: 1000, hasThumbnail: true, retryable: false, photo: null });
});

/**
 * Drafts resumed after an unexpected stop say so; after a clean stop they do not. The queue is
 * opened twice on the same data dir: without close() between (as after kill -9, when no code
 * runs) and with it.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DraftQueue } from '../../../../../electron/services/uploads/queue.js';
import { plainUrls } from '../../../../../electron/services/uploads/upload-url-seal.js';
import { openRunMarker } from '../../../../../electron/services/uploads/clean-stop.js';
import { transition } from '../../../../../electron/services/uploads/transitions.js';
import { draftRecord, withPublish } from '../../../../support/draft-fixture.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openQueue(dataDir: string): DraftQueue {
  return new DraftQueue(dataDir, plainUrls, { emit: () => {} }, () => ({ speedBps: null, etaSeconds: null, sentBytes: 0, hasThumbnail: false, expectedAt: null, fix: null }));
}

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dd-clean-stop-'));
  dirs.push(dir);
  return dir;
}

const flags = (queue: DraftQueue) => Object.fromEntries(queue.all().map((draft) => [draft.id, draft.resumedAfterCrash]));

describe('resumed after an unexpected stop', () => {
  it('marks the drafts that were under way when the previous run died, and only those', () => {
    const dataDir = scratch();
    const first = openQueue(dataDir);
    first.add(withPublish(draftRecord({ id: 'sending' }), 4, 1024));
    first.add(draftRecord({ id: 'checking', state: 'processing' }));
    first.add(draftRecord({ id: 'queued' }));
    first.add(draftRecord({ id: 'paused', state: 'paused', resumeState: 'uploading' }));
    first.add(draftRecord({ id: 'done', state: 'inbox' }));
    expect(flags(first)).toEqual({ sending: false, checking: false, queued: false, paused: false, done: false });
    // No close(): the process was killed.
    const afterCrash = openQueue(dataDir);
    expect(flags(afterCrash)).toEqual({ sending: true, checking: true, queued: false, paused: false, done: false });
    expect(afterCrash.view(afterCrash.get('sending')!).resumedAfterCrash).toBe(true);
  });

  it('a clean stop leaves nothing to say at the next start', () => {
    const dataDir = scratch();
    const first = openQueue(dataDir);
    first.add(withPublish(draftRecord({ id: 'sending' }), 4, 1024));
    first.close();
    expect(flags(openQueue(dataDir))).toEqual({ sending: false });
  });

  it('the first run ever finds no marker; the marker is the owner’s alone', () => {
    const dataDir = scratch();
    const marker = openRunMarker(join(dataDir, 'drafts.json'));
    expect(marker.previousEndedCleanly).toBe(true);
    if (process.platform !== 'win32') expect(statSync(join(dataDir, 'drafts.json.running')).mode & 0o777).toBe(0o600);
    expect(openRunMarker(join(dataDir, 'drafts.json')).previousEndedCleanly).toBe(false);
  });

  it('a retry is a fresh attempt: the note goes', () => {
    const failed = draftRecord({ state: 'failed', failCode: 'internal', resumedAfterCrash: true });
    const retried = transition(failed, { type: 'retry' });
    expect(retried.ok && retried.value.resumedAfterCrash).toBe(false);
  });
});

/**
 * Settings › Photos "Test connection": the bucket as the form describes it, with the keys in the
 * vault, is tried the way a post uses it (put a small object, read it back, delete it), and the
 * first step that failed is named with the host's answer in words. Nothing stays in the bucket
 * unless the delete itself failed, which the answer then says.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { words, type Words } from '../../../core/contract/index.js';
import { sayWords } from '../../main-words.js';
import type { HostError } from './media-host.js';
import type { S3Host } from './s3-host.js';

export type ConnectionStep = 'put' | 'read' | 'delete';

/** A failure's `words` say the step and why (`main.photo.test.<step>`), `message` their English. */
export type ConnectionTestResult = { ok: true; host: string } | { ok: false; step: ConnectionStep; words: Words; message: string; detail: string | null };

export async function testS3Connection(host: S3Host, hostName: string): Promise<ConnectionTestResult> {
  const name = `draftdeck-connection-test-${randomBytes(6).toString('hex')}.txt`;
  const body = `Draftdeck connection test ${new Date().toISOString()}\n`;
  const dir = await mkdtemp(join(tmpdir(), 'dd-s3-test-'));
  try {
    const path = join(dir, name);
    await writeFile(path, body);
    // The put takes a photo's content types only; the body is never shown as an image.
    const put = await host.put({ openId: '', name, path, contentType: 'image/jpeg' });
    if (!put.ok) return failedAt('put', put.error);
    const read = await host.read(name);
    if (!read.ok) {
      await host.remove('', name);
      return failedAt('read', read.error);
    }
    if (read.value !== body) {
      await host.remove('', name);
      return failedAt('read', { words: words('photo.bucket.mismatch', { host: hostName }) });
    }
    const removed = await host.remove('', name);
    if (!removed.ok) return failedAt('delete', removed.error);
    return { ok: true, host: hostName };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function failedAt(step: ConnectionStep, error: Pick<HostError, 'words' | 'detail'>): ConnectionTestResult {
  const said = words(`photo.test.${step}`, { reason: error.words });
  return { ok: false, step, words: said, message: sayWords(said), detail: error.detail ?? null };
}

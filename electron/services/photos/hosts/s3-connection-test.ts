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
import type { S3Host } from './s3-host.js';

export type ConnectionStep = 'put' | 'read' | 'delete';

export type ConnectionTestResult = { ok: true; host: string } | { ok: false; step: ConnectionStep; message: string; detail: string | null };

const STEP_WORDS: Record<ConnectionStep, string> = {
  put: 'Storing a test file failed',
  read: 'Reading the test file back failed',
  delete: 'Deleting the test file failed',
};

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
      return { ok: false, step: 'read', message: `${STEP_WORDS.read}: your photo bucket ${hostName} gave back something else than was stored`, detail: null };
    }
    const removed = await host.remove('', name);
    if (!removed.ok) return failedAt('delete', removed.error);
    return { ok: true, host: hostName };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function failedAt(step: ConnectionStep, error: { message: string; detail?: string }): ConnectionTestResult {
  return { ok: false, step, message: `${STEP_WORDS[step]}: ${error.message}`, detail: error.detail ?? null };
}

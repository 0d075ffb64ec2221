/**
 * A video file's facts from its container headers (common/video-probe) and the app's verdict
 * (common/video-rules.ts judgeVideo), when it is added: a few small positioned reads through one
 * file handle, so it stays on the main process's event loop without blocking it (the parse of a
 * moov of a few MB takes well under a millisecond; `npm run bench -- video-probe` measures it).
 */
import { open } from 'node:fs/promises';
import { handleReader, probeVideo } from '../../../common/video-probe/index.js';
import { judgeProbeFailure, judgeVideo, type VideoProbe, type VideoVerdict } from '../../../common/video-rules.js';

export interface VideoCheck {
  probe: VideoProbe | null;
  verdict: VideoVerdict;
}

export async function probeVideoFile(path: string): Promise<VideoCheck> {
  const handle = await open(path, 'r');
  try {
    const result = await probeVideo(handleReader(handle, (await handle.stat()).size));
    return result.ok ? { probe: result.value, verdict: judgeVideo(result.value) } : { probe: null, verdict: judgeProbeFailure(result.error) };
  } finally {
    await handle.close();
  }
}

/** A refused video's rules, as the AppError message for callers that are not the window (scripts, watch folders' log). */
export function refusalMessage(fileName: string, verdict: VideoVerdict): string {
  const rules = verdict.kind === 'ok' ? [] : verdict.broken.map((b) => `${b.rule} (${String(b.actual)}, limit ${Array.isArray(b.limit) ? b.limit.join('/') : String(b.limit)})`);
  return `${fileName} breaks the platform's video rules and is not sent: ${rules.join(', ')}`;
}

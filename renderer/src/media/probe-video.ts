/**
 * A video's length and a small thumbnail, read in the window before the file is sent: a detached
 * <video> loads only the file's metadata and one frame (from an object URL, so nothing is copied),
 * and a small canvas keeps that frame as a data URL. A codec this browser cannot decode (an
 * MPEG-4 part 2 .mov, say) gives no frame: the draft then has no length and a placeholder, and is
 * sent all the same; the platform decides what it takes.
 */

export interface VideoProbe {
  durationMs: number | null;
  /** A JPEG data URL about THUMB_WIDTH pixels wide, or null. */
  thumbnail: string | null;
}

export const THUMB_WIDTH = 96;
const TIMEOUT_MS = 6000;
/** Where the frame is taken: a tenth in, at most a few seconds (openings are often black). */
const FRAME_FRACTION = 0.1;
const FRAME_MAX_S = 3;

export function probeVideo(file: Blob, timeoutMs = TIMEOUT_MS): Promise<VideoProbe> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let durationMs: number | null = null;
    let settled = false;

    const finish = (thumbnail: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load(); // releases the decoder and the file
      URL.revokeObjectURL(url);
      resolve({ durationMs, thumbnail });
    };
    const timer = setTimeout(() => finish(null), timeoutMs);

    video.muted = true;
    video.preload = 'metadata';
    video.playsInline = true;
    video.addEventListener('error', () => finish(null), { once: true });
    video.addEventListener(
      'loadedmetadata',
      () => {
        if (Number.isFinite(video.duration) && video.duration > 0) durationMs = Math.round(video.duration * 1000);
        if (video.videoWidth === 0) return finish(null);
        video.currentTime = durationMs === null ? 0 : Math.min(video.duration * FRAME_FRACTION, FRAME_MAX_S);
      },
      { once: true },
    );
    video.addEventListener('seeked', () => finish(drawFrame(video)), { once: true });
    video.src = url;
  });
}

function drawFrame(video: HTMLVideoElement): string | null {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = THUMB_WIDTH;
    canvas.height = Math.max(1, Math.round((THUMB_WIDTH * video.videoHeight) / video.videoWidth));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return null;
  }
}

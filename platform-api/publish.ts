/**
 * Operations 4, 6 and 7: start a FILE_UPLOAD video publish to the inbox, read a publish's
 * status, start a photo post. Both answer in shape B; failures are PlatformError values.
 */
import { z } from 'zod';
import { parseShapeB, type ApiResult } from './errors.js';
import { joinUrl, type HttpSend } from './http.js';
import { isHttpsOrLoopback } from '../common/url-policy.js';

export interface VideoSourceInfo {
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
}

export const PUBLISH_STATUSES = ['PROCESSING_UPLOAD', 'PROCESSING_DOWNLOAD', 'SEND_TO_USER_INBOX', 'PUBLISH_COMPLETE', 'FAILED'] as const;

export interface PublishStatus {
  status: (typeof PUBLISH_STATUSES)[number];
  failReason: string | null;
  uploadedBytes: number | null;
  downloadedBytes: number | null;
}

/** Platform operations answer values, never throw (errors.ts). */
export interface PublishApi {
  /** Op 4 with source FILE_UPLOAD. */
  initVideo(baseUrl: string, accessToken: string, source: VideoSourceInfo, signal?: AbortSignal): Promise<ApiResult<{ publishId: string; uploadUrl: string }>>;
  /** Op 4 with source PULL_FROM_URL: the platform downloads the video from a URL on a verified prefix. */
  initVideoUrl(baseUrl: string, accessToken: string, videoUrl: string, signal?: AbortSignal): Promise<ApiResult<{ publishId: string }>>;
  /** Op 6. */
  fetchStatus(baseUrl: string, accessToken: string, publishId: string): Promise<ApiResult<PublishStatus>>;
}

export interface PhotoPostInit {
  title: string;
  description: string;
  coverIndex: number;
  imageUrls: string[];
}

/** Op 7: a photo post the platform pulls from URLs under a verified prefix. */
export interface PhotoApi {
  initPhoto(baseUrl: string, accessToken: string, post: PhotoPostInit, signal?: AbortSignal): Promise<ApiResult<{ publishId: string }>>;
}

// The upload URL carries its own credential: only over https (or loopback, where the sandbox lives).
const InitData = z.object({ publish_id: z.string().min(1), upload_url: z.string().refine(isHttpsOrLoopback, 'upload_url must be an https URL') });
const StatusData = z.object({
  status: z.enum(PUBLISH_STATUSES),
  fail_reason: z.string().nullish(),
  uploaded_bytes: z.number().nullish(),
  downloaded_bytes: z.number().nullish(),
});

/** Pulled media (op 4 PULL_FROM_URL, op 7) answer a publish id and no upload URL. */
const PullInitData = z.object({ publish_id: z.string().min(1) });

export function createPublishApi(send: HttpSend): PublishApi & PhotoApi {
  async function post<T>(baseUrl: string, path: string, accessToken: string, json: unknown, schema: z.ZodType<T>, signal?: AbortSignal): Promise<ApiResult<T>> {
    const answer = await send({ method: 'POST', url: joinUrl(baseUrl, path), headers: { authorization: `Bearer ${accessToken}` }, json, signal });
    return answer.ok ? parseShapeB(answer.value, schema) : answer;
  }
  /** Op 7 (docs/PLATFORM.md "Photos"): MEDIA_UPLOAD of PHOTO, pulled from URLs. */
  const photoInit = (baseUrl: string, accessToken: string, photo: PhotoPostInit, signal?: AbortSignal) =>
    post(baseUrl, '/v2/post/publish/content/init/', accessToken, {
      post_mode: 'MEDIA_UPLOAD',
      media_type: 'PHOTO',
      post_info: { title: photo.title, description: photo.description },
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: photo.coverIndex, photo_images: photo.imageUrls },
    }, PullInitData, signal);
  return {
    async initVideo(baseUrl: string, accessToken: string, source: VideoSourceInfo, signal?: AbortSignal) {
      const result = await post(baseUrl, '/v2/post/publish/inbox/video/init/', accessToken, {
        source_info: { source: 'FILE_UPLOAD', video_size: source.videoSize, chunk_size: source.chunkSize, total_chunk_count: source.totalChunkCount },
      }, InitData, signal);
      return result.ok ? { ok: true, value: { publishId: result.value.publish_id, uploadUrl: result.value.upload_url } } : result;
    },
    async initVideoUrl(baseUrl, accessToken, videoUrl, signal) {
      const result = await post(baseUrl, '/v2/post/publish/inbox/video/init/', accessToken, { source_info: { source: 'PULL_FROM_URL', video_url: videoUrl } }, PullInitData, signal);
      return result.ok ? { ok: true, value: { publishId: result.value.publish_id } } : result;
    },
    async initPhoto(baseUrl, accessToken, post, signal) {
      const result = await photoInit(baseUrl, accessToken, post, signal);
      return result.ok ? { ok: true, value: { publishId: result.value.publish_id } } : result;
    },
    async fetchStatus(baseUrl: string, accessToken: string, publishId: string) {
      const result = await post(baseUrl, '/v2/post/publish/status/fetch/', accessToken, { publish_id: publishId }, StatusData);
      if (!result.ok) return result;
      const data = result.value;
      return { ok: true, value: { status: data.status, failReason: data.fail_reason ?? null, uploadedBytes: data.uploaded_bytes ?? null, downloadedBytes: data.downloaded_bytes ?? null } };
    },
  };
}

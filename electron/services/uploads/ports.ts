/**
 * What the upload engine needs from the rest of the app, as interfaces: a way to call with an
 * account's fresh access token (the token manager), and the platform's publish operations.
 */
import type { ApiResult } from '../../api/errors.js';

export interface TokenSource {
  /**
   * Runs `fn` with a valid access token for the account and the base URL of the platform that
   * issued it (a token goes only where it came from, even if the profile changes meanwhile),
   * refreshing once on access_token_invalid.
   */
  withAccessToken<T>(openId: string, fn: (accessToken: string, baseUrl: string) => Promise<T>): Promise<T>;
}

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

/** Platform operations answer values, never throw (electron/api/errors.ts). */
export interface PublishApi {
  /** Op 4 with source FILE_UPLOAD. */
  initVideo(baseUrl: string, accessToken: string, source: VideoSourceInfo, signal?: AbortSignal): Promise<ApiResult<{ publishId: string; uploadUrl: string }>>;
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

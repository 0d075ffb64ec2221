/**
 * Operations 10 and 11: research video query and research account info, with a client access
 * token (op 12). Both answer in shape B; failures are PlatformError values (invalid_params says
 * what and where; rate_limit_exceeded carries Retry-After).
 */
import { z } from 'zod';
import { AccountRecord } from './wire/research.js';
import { parseShapeB, type ApiResult } from './errors.js';
import { joinUrl, type HttpSend } from './http.js';
import { VideoRows } from './video-rows.js';

export const VIDEO_QUERY_PATH = '/v2/research/video/query/';
export const USER_INFO_PATH = '/v2/research/user/info/';

const VideoPage = z.object({
  videos: VideoRows,
  cursor: z.number().int().nonnegative(),
  has_more: z.boolean(),
  search_id: z.string().min(1),
});
export type VideoPage = z.infer<typeof VideoPage>;

/** Op 10's body: a new search (query and dates) or a follow-up page (search_id and cursor). */
export interface VideoQueryBody {
  query?: unknown;
  start_date?: string;
  end_date?: string;
  max_count: number;
  cursor?: number;
  search_id?: string;
  is_random?: boolean;
}

export interface ResearchApi {
  queryVideos(baseUrl: string, clientToken: string, fields: readonly string[], body: VideoQueryBody, signal?: AbortSignal): Promise<ApiResult<VideoPage>>;
  userInfo(baseUrl: string, clientToken: string, fields: readonly string[], username: string, signal?: AbortSignal): Promise<ApiResult<AccountRecord>>;
}

export function createResearchApi(send: HttpSend): ResearchApi {
  async function post<T>(baseUrl: string, path: string, fields: readonly string[], clientToken: string, json: unknown, schema: z.ZodType<T>, signal?: AbortSignal): Promise<ApiResult<T>> {
    const url = `${joinUrl(baseUrl, path)}?fields=${encodeURIComponent(fields.join(','))}`;
    const answer = await send({ method: 'POST', url, headers: { authorization: `Bearer ${clientToken}` }, json, signal, logAs: path });
    return answer.ok ? parseShapeB(answer.value, schema) : answer;
  }
  return {
    queryVideos: (baseUrl, clientToken, fields, body, signal) => post(baseUrl, VIDEO_QUERY_PATH, fields, clientToken, body, VideoPage, signal),
    userInfo: (baseUrl, clientToken, fields, username, signal) => post(baseUrl, USER_INFO_PATH, fields, clientToken, { username }, AccountRecord, signal),
  };
}

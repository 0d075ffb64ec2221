/**
 * Ops 4, 6 and 7: start a video upload (FILE_UPLOAD or PULL_FROM_URL), fetch a publish's status,
 * start a photo post. Shape B throughout, statuses per docs/PLATFORM.md "Errors".
 */
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { findApp, type SandboxContext } from '../context.js';
import { errorB, okB } from '../../server-kit/http/errors.js';
import { readJsonBody } from '../../server-kit/http/json-body.js';
import type { Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { newPublishId, newSecret, secretKey } from '../../server-kit/ids.js';
import { SlidingWindowLimiter } from '../../server-kit/rate-limiter.js';
import { checkChunkPlan } from './chunk-plan.js';
import { guardUserCall } from './guards.js';
import { checkPhotoPost } from './photo-rules.js';
import { fileBaseName, mediaPath, pendingSharesOf, publishes, statusView } from './publishes.js';
import type { PullJobs } from './pull-jobs.js';
import type { PublishRecord } from './records.js';
import { isVerifiedUrl, parseHttpUrl } from './verified-url.js';

export const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;

const videoInitBody = z.object({
  source_info: z.discriminatedUnion(
    'source',
    [
      z.object({
        source: z.literal('FILE_UPLOAD'),
        video_size: z.number().int(),
        chunk_size: z.number().int(),
        total_chunk_count: z.number().int(),
      }),
      z.object({
        source: z.literal('PULL_FROM_URL'),
        video_url: z.string().min(1),
      }),
    ],
    { error: 'source must be FILE_UPLOAD or PULL_FROM_URL' },
  ),
});

const photoInitBody = z.object({
  post_mode: z.literal('MEDIA_UPLOAD', { error: 'post_mode must be MEDIA_UPLOAD' }),
  media_type: z.literal('PHOTO', { error: 'media_type must be PHOTO' }),
  post_info: z.object({ title: z.string().optional(), description: z.string().optional() }).optional(),
  source_info: z.object({
    source: z.literal('PULL_FROM_URL', { error: 'source must be PULL_FROM_URL' }),
    photo_cover_index: z.number().int().optional(),
    photo_images: z.array(z.string()),
  }),
});

const statusBody = z.object({ publish_id: z.string().min(1).max(200) });

function newRecord(base: Pick<PublishRecord, 'publish_id' | 'kind' | 'client_key' | 'open_id' | 'created_at'>): PublishRecord {
  return { ...base, upload: null, pull: null, photo: null, file: fileBaseName(base.publish_id), received_at: null, processing_ends_at: null, verdict: null, failure: null, sha256: null, posted_at: null, post_ids: [] };
}

export function inboxRoutes(ctx: SandboxContext, jobs: PullJobs): Route[] {
  const initLimiter = new SlidingWindowLimiter(ctx.config.limits.init_per_minute, MINUTE_MS);
  const statusLimiter = new SlidingWindowLimiter(ctx.config.limits.status_per_minute, MINUTE_MS);

  /** The last checks before a share is created: the URLs' ownership, then the pending-share limit. */
  const shareRefusal = (rc: RequestContext, openId: string, clientKey: string, urls: readonly string[]): Reply | undefined => {
    const prefixes = findApp(ctx, clientKey)?.verified_url_prefixes ?? [];
    for (const [i, url] of urls.entries()) {
      if (!parseHttpUrl(url)) return errorB(rc.logId, 'invalid_params', `URL ${i + 1} is not an http(s) URL`);
      if (!isVerifiedUrl(url, prefixes)) return errorB(rc.logId, 'url_ownership_unverified', `${url} is not on a domain or URL prefix verified for this app`);
    }
    if (pendingSharesOf(ctx, openId) >= ctx.config.limits.pending_shares_per_24h) {
      return errorB(rc.logId, 'spam_risk_too_many_pending_share', `the user already has ${ctx.config.limits.pending_shares_per_24h} pending shares in the last 24 hours`);
    }
    return undefined;
  };

  const videoInit = async (rc: RequestContext): Promise<Reply> => {
    const guard = guardUserCall(ctx, rc, initLimiter, 'init');
    if (!guard.ok) return guard.reply;
    const body = await readJsonBody(rc, videoInitBody);
    if (!body.ok) return body.reply;
    const { token } = guard;
    const source = body.value.source_info;
    const now = ctx.clock.now();

    if (source.source === 'FILE_UPLOAD') {
      const plan = { video_size: source.video_size, chunk_size: source.chunk_size, total_chunk_count: source.total_chunk_count };
      const check = checkChunkPlan(plan);
      if (!check.ok) return errorB(rc.logId, 'invalid_params', check.message);
      const refusal = shareRefusal(rc, token.open_id, token.client_key, []);
      if (refusal) return refusal;
      const publishId = newPublishId('v_inbox_file');
      const credential = newSecret('upl');
      const record: PublishRecord = {
        ...newRecord({ publish_id: publishId, kind: 'video_file', client_key: token.client_key, open_id: token.open_id, created_at: now }),
        upload: { ...plan, credential_key: secretKey(credential), url_expires_at: now + UPLOAD_URL_TTL_MS, received_bytes: 0, chunks_received: 0, content_type: null },
      };
      await writeFile(mediaPath(ctx, record), '', { mode: 0o600 });
      publishes(ctx).set(publishId, record);
      // The platform never forgets a publish it has answered: a crash right after this answer must
      // not turn the upload URL into a 404 (as the upload host already does for chunks).
      await ctx.state.flush();
      rc.log.info({ publish_id: publishId, open_id: token.open_id, video_size: plan.video_size, chunks: plan.total_chunk_count }, 'video upload started');
      const uploadUrl = `${ctx.urls.uploadBaseUrl}/upload/${encodeURIComponent(publishId)}?credential=${encodeURIComponent(credential)}`;
      return okB(rc.logId, { publish_id: publishId, upload_url: uploadUrl });
    }

    const refusal = shareRefusal(rc, token.open_id, token.client_key, [source.video_url]);
    if (refusal) return refusal;
    const publishId = newPublishId('v_inbox_url');
    const record: PublishRecord = {
      ...newRecord({ publish_id: publishId, kind: 'video_url', client_key: token.client_key, open_id: token.open_id, created_at: now }),
      pull: { urls: [source.video_url], downloaded_bytes: 0 },
    };
    publishes(ctx).set(publishId, record);
    await ctx.state.flush();
    jobs.start(record);
    rc.log.info({ publish_id: publishId, open_id: token.open_id }, 'video pull started');
    return okB(rc.logId, { publish_id: publishId });
  };

  const photoInit = async (rc: RequestContext): Promise<Reply> => {
    const guard = guardUserCall(ctx, rc, initLimiter, 'init');
    if (!guard.ok) return guard.reply;
    const body = await readJsonBody(rc, photoInitBody);
    if (!body.ok) return body.reply;
    const { token } = guard;
    const { source_info: source, post_info: info } = body.value;
    const check = checkPhotoPost({ photo_images: source.photo_images, photo_cover_index: source.photo_cover_index, title: info?.title, description: info?.description });
    if (!check.ok) return errorB(rc.logId, 'invalid_params', check.message);
    const refusal = shareRefusal(rc, token.open_id, token.client_key, source.photo_images);
    if (refusal) return refusal;
    const publishId = newPublishId('p_inbox_url');
    const record: PublishRecord = {
      ...newRecord({ publish_id: publishId, kind: 'photo_url', client_key: token.client_key, open_id: token.open_id, created_at: ctx.clock.now() }),
      pull: { urls: [...source.photo_images], downloaded_bytes: 0 },
      photo: { title: info?.title ?? '', description: info?.description ?? '', cover_index: source.photo_cover_index ?? 0, images: [] },
    };
    publishes(ctx).set(publishId, record);
    await ctx.state.flush();
    jobs.start(record);
    rc.log.info({ publish_id: publishId, open_id: token.open_id, photos: source.photo_images.length }, 'photo post started');
    return okB(rc.logId, { publish_id: publishId });
  };

  const statusFetch = async (rc: RequestContext): Promise<Reply> => {
    const guard = guardUserCall(ctx, rc, statusLimiter, 'status');
    if (!guard.ok) return guard.reply;
    const body = await readJsonBody(rc, statusBody);
    if (!body.ok) return body.reply;
    const record = publishes(ctx).get(body.value.publish_id);
    // Another user's (or app's) publish is as unknown as a made-up id.
    if (!record || record.open_id !== guard.token.open_id || record.client_key !== guard.token.client_key) {
      return errorB(rc.logId, 'invalid_publish_id', 'no publish with this publish_id for this user');
    }
    return okB(rc.logId, statusView(record, ctx.clock.now(), jobs.liveBytes(record.publish_id)));
  };

  return [
    { method: 'POST', path: '/v2/post/publish/inbox/video/init/', handler: videoInit },
    { method: 'POST', path: '/v2/post/publish/content/init/', handler: photoInit },
    { method: 'POST', path: '/v2/post/publish/status/fetch/', handler: statusFetch },
  ];
}

/**
 * The content-posting part of the platform (ops 4-7) and its sandbox extras: inspect publishes,
 * and post a draft from the inbox as the creator would (PUBLISH_COMPLETE).
 */
import type { SandboxContext, SandboxModule } from '../context.js';
import { errorB, okB } from '../../server-kit/http/errors.js';
import { escapeHtml } from '../../server-kit/http/reply.js';
import type { Route } from '../../server-kit/http/router.js';
import { newPostId } from '../../server-kit/ids.js';
import { inboxRoutes } from './inbox-routes.js';
import { inspectView, publishes } from './publishes.js';
import { PullJobs } from './pull-jobs.js';
import { derivePublishState } from './records.js';
import { UploadHost } from './upload-host.js';

export function publishModule(ctx: SandboxContext): SandboxModule {
  const jobs = new PullJobs(ctx);
  const uploadHost = new UploadHost(ctx);

  const extras: Route[] = [
    {
      method: 'GET',
      path: '/sandbox/publishes',
      handler: (rc) => {
        const now = ctx.clock.now();
        const openId = rc.url.searchParams.get('open_id');
        const list = publishes(ctx)
          .values()
          .filter((record) => !openId || record.open_id === openId)
          .sort((a, b) => b.created_at - a.created_at)
          .map((record) => inspectView(record, now, jobs.liveBytes(record.publish_id)));
        return okB(rc.logId, { publishes: list });
      },
    },
    {
      method: 'GET',
      path: '/sandbox/publishes/:publish_id',
      handler: (rc) => {
        const record = publishes(ctx).get(rc.params.publish_id!);
        if (!record) return errorB(rc.logId, 'invalid_publish_id', 'no publish with this publish_id');
        return okB(rc.logId, inspectView(record, ctx.clock.now(), jobs.liveBytes(record.publish_id)));
      },
    },
    {
      method: 'POST',
      path: '/sandbox/publishes/:publish_id/post',
      handler: (rc) => {
        const record = publishes(ctx).get(rc.params.publish_id!);
        if (!record) return errorB(rc.logId, 'invalid_publish_id', 'no publish with this publish_id');
        const now = ctx.clock.now();
        const state = derivePublishState(record, now);
        if (state.status !== 'SEND_TO_USER_INBOX') return errorB(rc.logId, 'invalid_state', `only a draft in the inbox (SEND_TO_USER_INBOX) can be posted; this publish is ${state.status}`, { status: 409 });
        const posted = publishes(ctx).set(record.publish_id, { ...record, posted_at: now, post_ids: [newPostId()] });
        rc.log.info({ publish_id: record.publish_id }, 'draft posted by the creator');
        return okB(rc.logId, inspectView(posted, now));
      },
    },
  ];

  return {
    name: 'publish',
    apiRoutes: () => [...inboxRoutes(ctx, jobs), ...extras],
    uploadRoutes: () => uploadHost.routes(),
    consoleSection: () => publishesSection(ctx, jobs),
    start: async () => {
      await uploadHost.repairFiles();
      jobs.resume();
    },
    stop: () => jobs.stop(),
  };
}

function publishesSection(ctx: SandboxContext, jobs: PullJobs): string {
  const now = ctx.clock.now();
  const rows = publishes(ctx)
    .values()
    .sort((a, b) => b.created_at - a.created_at)
    .map((record) => {
      const view = inspectView(record, now, jobs.liveBytes(record.publish_id));
      const progress = record.upload ? `${view.uploaded_bytes} / ${record.upload.video_size} B (${view.chunks_received}/${view.total_chunk_count} chunks)` : `${view.downloaded_bytes} B downloaded`;
      const action =
        view.status === 'SEND_TO_USER_INBOX'
          ? `<form class="api" data-method="POST" data-url="/sandbox/publishes/${encodeURIComponent(record.publish_id)}/post"><button type="submit">Post draft</button></form>`
          : '';
      return `<tr><td><code>${escapeHtml(record.publish_id)}</code></td><td>${escapeHtml(record.open_id)}</td><td>${escapeHtml(view.status)}${view.fail_reason ? ` <small>(${escapeHtml(view.fail_reason)}: ${escapeHtml(view.detail)})</small>` : ''}</td><td>${escapeHtml(progress)}</td><td><code>${escapeHtml(view.sha256 ?? '')}</code></td><td>${action}</td></tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="publishes-heading"><h2 id="publishes-heading">Publishes</h2>
<table><thead><tr><th scope="col">publish_id</th><th scope="col">open_id</th><th scope="col">status</th><th scope="col">bytes</th><th scope="col">sha256</th><th scope="col">action</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">No publishes yet.</td></tr>'}</tbody></table></section>`;
}

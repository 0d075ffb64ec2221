/**
 * Follows some drafts (named by the file they are made from) as a window does, through the web
 * host's event stream (GET /api/events), so a benchmark knows their state without asking for the
 * whole queue: drafts.list of 10,000 drafts is megabytes of work for the app each time, load the
 * benchmark would add to what it measures.
 */
import type { RunningWebApp } from '../../support/web-app.js';

export interface FollowedDraft {
  id: string;
  state: string;
  sentBytes: number;
}

type DraftEventView = FollowedDraft & { fileName: string };

type EventBatch = { name: string; payload: unknown }[];

export interface DraftFollower {
  /** Starts following the next new draft of this file name (one the app added by itself, from a watch folder). */
  followNamed(fileName: string): void;
  latest(): FollowedDraft[];
  close(): void;
}

export async function followDrafts(app: RunningWebApp): Promise<DraftFollower> {
  const views = new Map<string, FollowedDraft>();
  const named = new Set<string>();
  const abort = new AbortController();
  const response = await fetch(`${app.origin}/api/events`, { headers: { Authorization: `Bearer ${app.token}` }, signal: abort.signal });
  if (!response.ok || !response.body) throw new Error(`/api/events answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let pending = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      pending += value;
      let end: number;
      while ((end = pending.indexOf('\n\n')) >= 0) {
        const message = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (!message.startsWith('data: ')) continue;
        for (const event of JSON.parse(message.slice('data: '.length)) as EventBatch) {
          if (event.name !== 'drafts.updated') continue;
          const view = event.payload as DraftEventView;
          if (named.delete(view.fileName) || views.has(view.id)) views.set(view.id, { id: view.id, state: view.state, sentBytes: view.sentBytes });
        }
      }
    }
  })().catch(() => undefined);
  return {
    followNamed: (fileName) => named.add(fileName),
    latest: () => [...views.values()],
    close: () => abort.abort(),
  };
}

/**
 * Files on their way into the queue: dropped or chosen, checked at once (type, emptiness, size),
 * probed for length and a thumbnail, sent to the host (web mode streams the file; Electron's
 * preload turns the File into its path), then added as a draft for each chosen account. A file
 * whose content an account already has queued or delivered waits for the person to say whether
 * to add it again (the duplicate rule is the main process's: drafts.duplicates). A file refused
 * here stays listed with its reason until dismissed.
 */
import { create } from 'zustand';
import { runtime, sendFileToHost, type ApiError, type BridgeFileSource } from '../api/client';
import type { ChannelInput, DraftView, EarlierDraft, VideoVerdictView } from '../api/contract';
import { currentIntl } from '../i18n/current';
import { probeVideo } from '../media/probe-video';
import { checkVideoFile, type VideoFileProblem, type VideoMimeType } from '../media/video-file-rules';
import { request } from './connection';
import { addedDrafts } from './drafts';
import { asApiError } from './settings';
import { setThumbnail } from './thumbnails';

export type IntakePhase = 'reading' | 'sending' | 'adding' | 'confirm' | 'refused' | 'failed';

/** An account that already has this file's content, with the earlier draft to show. */
export interface DuplicateOf {
  openId: string;
  earlier: EarlierDraft;
}

/**
 * Why a file was refused or failed, for the view to word (views/queue/intake-words.ts): a problem
 * with the file itself, words its caller already chose (no account can receive it), or the
 * refusal of the main process.
 */
export type IntakeRefusal = { kind: 'file'; problem: VideoFileProblem } | { kind: 'text'; text: string } | { kind: 'failed'; error: ApiError };

export interface IntakeItem {
  key: string;
  name: string;
  size: number;
  /** The accounts it goes to (one draft each). */
  openIds: readonly string[];
  phase: IntakePhase;
  /** phase 'confirm': the accounts that already have its content. */
  duplicates: readonly DuplicateOf[];
  /** Why it was refused or failed. */
  refusal: IntakeRefusal | null;
  /** A video the platform's rules refuse (drafts.probe), as codes the view words; else null. */
  verdict: VideoVerdictView | null;
  durationMs: number | null;
  thumbnail: string | null;
}

interface IntakeState {
  items: readonly IntakeItem[];
}

export const useIntake = create<IntakeState>()(() => ({ items: [] }));

let nextKey = 1;
const controllers = new Map<string, AbortController>();
/** The person's answer for a file waiting at 'confirm': add it again, or skip the accounts that have it. */
const answers = new Map<string, (answer: 'again' | 'skip') => void>();

/** Answers a duplicate question: "again" adds it for every chosen account; "skip" only for those that do not have it. */
export function answerDuplicate(key: string, answer: 'again' | 'skip'): void {
  answers.get(key)?.(answer);
}

function update(key: string, patch: Partial<IntakeItem>): void {
  useIntake.setState(({ items }) => ({ items: items.map((item) => (item.key === key ? { ...item, ...patch } : item)) }));
}

export function dismissIntake(key: string): void {
  answers.get(key)?.('skip');
  controllers.get(key)?.abort();
  controllers.delete(key);
  useIntake.setState(({ items }) => ({ items: items.filter((item) => item.key !== key) }));
}

export function dismissRefused(): void {
  useIntake.setState(({ items }) => ({ items: items.filter((item) => item.phase !== 'refused' && item.phase !== 'failed') }));
}

/** Files that cannot go anywhere (no account can receive drafts): listed with the reason. */
export function refuseFiles(files: readonly File[], reason: string): void {
  const items = files.map((file): IntakeItem => ({ key: `file-${nextKey++}`, name: nameOf(file), size: file.size, openIds: [], phase: 'refused', duplicates: [], refusal: { kind: 'text', text: reason }, verdict: null, durationMs: null, thumbnail: null }));
  useIntake.setState((state) => ({ items: [...state.items, ...items] }));
}

/** At most this many files are read, or sent, at once: the rest wait their turn in order. */
const PROBES = limiter(2);
const SENDS = limiter(2);

/** Takes dropped or chosen files for the chosen accounts. Refusals show at once; the rest follow as they are ready. */
export function addFiles(files: readonly File[], openIds: readonly string[]): void {
  const accepted: { item: IntakeItem; file: File; mimeType: VideoMimeType }[] = [];
  const items: IntakeItem[] = files.map((file) => {
    const check = checkVideoFile(file);
    const item: IntakeItem = { key: `file-${nextKey++}`, name: nameOf(file), size: file.size, openIds, phase: check.ok ? 'reading' : 'refused', duplicates: [], refusal: check.ok ? null : { kind: 'file', problem: check.problem }, verdict: null, durationMs: null, thumbnail: null };
    if (check.ok) accepted.push({ item, file, mimeType: check.mimeType });
    return item;
  });
  useIntake.setState((state) => ({ items: [...state.items, ...items] }));
  // Read and sent side by side, but added in the order they were dropped: each waits for the one
  // before to be added (or to be waiting for the person's answer about a duplicate).
  let previous: Promise<void> = Promise.resolve();
  for (const { item, file, mimeType } of accepted) {
    let passTurn!: () => void;
    const next = new Promise<void>((resolve) => (passTurn = resolve));
    void bringIn(item, file, mimeType, previous, passTurn).finally(passTurn);
    previous = next;
  }
}

async function bringIn(item: IntakeItem, file: File, mimeType: VideoMimeType, turn: Promise<void>, passTurn: () => void): Promise<void> {
  const controller = new AbortController();
  controllers.set(item.key, controller);
  try {
    const probe = await PROBES(() => probeVideo(file));
    if (controller.signal.aborted) return;
    update(item.key, { ...probe, phase: runtime === 'web' ? 'sending' : 'adding' });
    const source = runtime === 'web' ? { kind: 'incoming' as const, fileId: await SENDS(() => sendFileToHost(file, controller.signal)) } : ({ kind: 'file', file } satisfies BridgeFileSource);
    if (controller.signal.aborted) return;
    const name = draftName(file.name);
    // The container's headers, read by the main process: a video no fix helps is refused here, before anything goes to the platform.
    const [check] = await request('drafts.probe', { files: [{ source, name }] } as ChannelInput<'drafts.probe'>);
    if (controller.signal.aborted) return;
    if (check?.verdict.kind === 'refused') {
      controllers.delete(item.key);
      return update(item.key, { phase: 'refused', verdict: check.verdict });
    }
    update(item.key, { phase: 'adding' });
    await turn;
    // The Electron source is the bridge's, not the contract's: the preload translates it.
    const findings = await request('drafts.duplicates', { openIds: [...item.openIds], files: [{ source, name }] } as ChannelInput<'drafts.duplicates'>);
    if (controller.signal.aborted) return;
    let openIds = item.openIds;
    let duplicates: 'ask' | 'allow' = 'ask';
    if (findings.length > 0) {
      update(item.key, { phase: 'confirm', duplicates: findings.map((finding) => ({ openId: finding.openId, earlier: finding.earlier[0]! })) });
      // The next file need not wait for this answer.
      passTurn();
      const answer = await new Promise<'again' | 'skip'>((resolve) => answers.set(item.key, resolve));
      answers.delete(item.key);
      if (controller.signal.aborted) return;
      if (answer === 'again') duplicates = 'allow';
      else openIds = item.openIds.filter((openId) => !findings.some((finding) => finding.openId === openId));
      if (openIds.length === 0) return dismissIntake(item.key);
      update(item.key, { phase: 'adding', duplicates: [] });
    }
    const input = { openIds: [...openIds], files: [{ source, name, mimeType, durationMs: probe.durationMs, thumbnail: probe.thumbnail }], duplicates };
    const views: DraftView[] = await request('drafts.add', input as ChannelInput<'drafts.add'>);
    if (controller.signal.aborted) return;
    addedDrafts(views);
    for (const view of views) setThumbnail(view.id, probe.thumbnail);
    controllers.delete(item.key);
    useIntake.setState(({ items }) => ({ items: items.filter((candidate) => candidate.key !== item.key) }));
  } catch (error) {
    if (controller.signal.aborted) return;
    controllers.delete(item.key);
    update(item.key, { phase: 'failed', refusal: { kind: 'failed', error: asApiError(error) } });
  }
}

/** A file as the list names it: its name, which a browser gives every file it hands over but a script may not. */
function nameOf(file: File): string {
  return file.name || currentIntl().formatMessage({ id: 'common.unnamedFile' });
}

/** The contract takes names of 1–255 characters; keep the extension when shortening. */
function draftName(name: string): string {
  const trimmed = name.trim() || 'video';
  if (trimmed.length <= 255) return trimmed;
  const dot = trimmed.lastIndexOf('.');
  const extension = dot > 0 && trimmed.length - dot <= 10 ? trimmed.slice(dot) : '';
  return trimmed.slice(0, 255 - extension.length) + extension;
}

function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A finishing task hands its slot straight to the next in line.
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Files on their way into the queue: dropped or chosen, checked at once (type, emptiness, size),
 * probed for length and a thumbnail, sent to the host (web mode streams the file; Electron's
 * preload turns the File into its path), then added as a draft for the chosen account. A file
 * refused here stays listed with its reason until dismissed.
 */
import { create } from 'zustand';
import { runtime, sendFileToHost, type BridgeFileSource } from '../api/client';
import type { ChannelInput, DraftView } from '../api/contract';
import { probeVideo } from '../media/probe-video';
import { checkVideoFile, type VideoMimeType } from '../media/video-file-rules';
import { request } from './connection';
import { addedDrafts } from './drafts';
import { asApiError } from './settings';
import { setThumbnail } from './thumbnails';

export type IntakePhase = 'reading' | 'sending' | 'adding' | 'refused' | 'failed';

export interface IntakeItem {
  key: string;
  name: string;
  size: number;
  openId: string;
  phase: IntakePhase;
  /** Why it was refused or failed, in words. */
  reason: string | null;
  durationMs: number | null;
  thumbnail: string | null;
}

interface IntakeState {
  items: readonly IntakeItem[];
  /** The account new drafts go to, as the person chose it (null: the first that can receive drafts). */
  chosenOpenId: string | null;
}

export const useIntake = create<IntakeState>()(() => ({ items: [], chosenOpenId: null }));

export function chooseAccount(openId: string): void {
  useIntake.setState({ chosenOpenId: openId });
}

let nextKey = 1;
const controllers = new Map<string, AbortController>();

function update(key: string, patch: Partial<IntakeItem>): void {
  useIntake.setState(({ items }) => ({ items: items.map((item) => (item.key === key ? { ...item, ...patch } : item)) }));
}

export function dismissIntake(key: string): void {
  controllers.get(key)?.abort();
  controllers.delete(key);
  useIntake.setState(({ items }) => ({ items: items.filter((item) => item.key !== key) }));
}

export function dismissRefused(): void {
  useIntake.setState(({ items }) => ({ items: items.filter((item) => item.phase !== 'refused' && item.phase !== 'failed') }));
}

/** Files that cannot go anywhere (no account can receive drafts): listed with the reason. */
export function refuseFiles(files: readonly File[], reason: string): void {
  const items = files.map((file): IntakeItem => ({ key: `file-${nextKey++}`, name: file.name || 'Unnamed file', size: file.size, openId: '', phase: 'refused', reason, durationMs: null, thumbnail: null }));
  useIntake.setState((state) => ({ items: [...state.items, ...items] }));
}

/** At most this many files are read, or sent, at once: the rest wait their turn in order. */
const PROBES = limiter(2);
const SENDS = limiter(2);

/** Takes dropped or chosen files for one account. Refusals show at once; the rest follow as they are ready. */
export function addFiles(files: readonly File[], openId: string): void {
  const accepted: { item: IntakeItem; file: File; mimeType: VideoMimeType }[] = [];
  const items: IntakeItem[] = files.map((file) => {
    const check = checkVideoFile(file);
    const item: IntakeItem = { key: `file-${nextKey++}`, name: file.name || 'Unnamed file', size: file.size, openId, phase: check.ok ? 'reading' : 'refused', reason: check.ok ? null : check.reason, durationMs: null, thumbnail: null };
    if (check.ok) accepted.push({ item, file, mimeType: check.mimeType });
    return item;
  });
  useIntake.setState((state) => ({ items: [...state.items, ...items] }));
  // Read and sent side by side, but added in the order they were dropped: each waits for the one before.
  let previous: Promise<void> = Promise.resolve();
  for (const { item, file, mimeType } of accepted) previous = bringIn(item, file, mimeType, previous);
}

async function bringIn(item: IntakeItem, file: File, mimeType: VideoMimeType, turn: Promise<void>): Promise<void> {
  const controller = new AbortController();
  controllers.set(item.key, controller);
  try {
    const probe = await PROBES(() => probeVideo(file));
    if (controller.signal.aborted) return;
    update(item.key, { ...probe, phase: runtime === 'web' ? 'sending' : 'adding' });
    const source = runtime === 'web' ? { kind: 'incoming' as const, fileId: await SENDS(() => sendFileToHost(file, controller.signal)) } : ({ kind: 'file', file } satisfies BridgeFileSource);
    if (controller.signal.aborted) return;
    update(item.key, { phase: 'adding' });
    await turn;
    const input = { openId: item.openId, files: [{ source, name: draftName(file.name), mimeType, durationMs: probe.durationMs, thumbnail: probe.thumbnail }] };
    // The Electron source is the bridge's, not the contract's: the preload translates it.
    const views: DraftView[] = await request('drafts.add', input as ChannelInput<'drafts.add'>);
    if (controller.signal.aborted) return;
    addedDrafts(views);
    setThumbnail(views[0]!.id, probe.thumbnail);
    controllers.delete(item.key);
    useIntake.setState(({ items }) => ({ items: items.filter((candidate) => candidate.key !== item.key) }));
  } catch (error) {
    if (controller.signal.aborted) return;
    controllers.delete(item.key);
    update(item.key, { phase: 'failed', reason: asApiError(error).message });
  }
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

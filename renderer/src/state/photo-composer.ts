/**
 * The photo composer: dropped or chosen images (and pasted URLs) grouped into posts of at most 35
 * in the order they came, prepared by the host (what was fixed, or why one cannot be posted), then
 * sent as photo drafts to one or more accounts in one action. Regrouping, reordering, removing,
 * the cover, the title and the description are the person's; nothing is sent before "Send".
 */
import { create } from 'zustand';
import { on, runtime, sendFileToHost, type BridgeFileSource } from '../api/client';
import type { ChannelInput, DraftView, PreparedImage } from '../api/contract';
import { request } from './connection';
import { addedDrafts } from './drafts';
import { asApiError } from './settings';

export const MAX_PHOTOS_PER_POST = 35;
export const MAX_TITLE_CHARS = 90;
export const MAX_DESCRIPTION_CHARS = 4000;
export const charCount = (text: string): number => [...text].length;

export type ImagePhase = 'sending' | 'preparing' | 'ready' | 'refused';

export interface ComposerImage {
  key: string;
  name: string;
  /** A local preview (object URL) or the pasted URL itself. */
  thumbnail: string | null;
  phase: ImagePhase;
  imageId: string | null;
  /** A pasted URL, posted as it is. */
  url: string | null;
  changes: string[];
  reason: string | null;
  width: number | null;
  height: number | null;
}

export interface ComposerPost {
  id: string;
  title: string;
  description: string;
  keys: string[];
  coverKey: string | null;
}

interface ComposerState {
  images: Record<string, ComposerImage>;
  posts: ComposerPost[];
  openIds: string[];
  progress: { done: number; total: number } | null;
  sending: boolean;
  message: string | null;
  error: string | null;
}

export const useComposer = create<ComposerState>()(() => ({ images: {}, posts: [], openIds: [], progress: null, sending: false, message: null, error: null }));

let nextKey = 1;
const newPostId = () => `post-${nextKey++}`;

/** Puts new images after the last post's, opening a new post every 35 (the platform's limit). */
export function appendToPosts(posts: readonly ComposerPost[], keys: readonly string[]): ComposerPost[] {
  const next = posts.map((post) => ({ ...post, keys: [...post.keys] }));
  for (const key of keys) {
    let last = next.at(-1);
    if (!last || last.keys.length >= MAX_PHOTOS_PER_POST) {
      last = { id: newPostId(), title: '', description: '', keys: [], coverKey: null };
      next.push(last);
    }
    last.keys.push(key);
  }
  return next;
}

/** Moves an image to `index` in a post (another post's, or its own: regroup or reorder); refuses a 36th. */
export function moveImage(posts: readonly ComposerPost[], key: string, toPost: string, index: number): ComposerPost[] {
  const target = posts.find((post) => post.id === toPost);
  if (!target) return [...posts];
  if (!target.keys.includes(key) && target.keys.length >= MAX_PHOTOS_PER_POST) return [...posts];
  const without = posts.map((post) => ({ ...post, keys: post.keys.filter((k) => k !== key), coverKey: post.coverKey === key && post.id !== toPost ? null : post.coverKey }));
  return without
    .map((post) => {
      if (post.id !== toPost) return post;
      const keys = [...post.keys];
      keys.splice(Math.max(0, Math.min(index, keys.length)), 0, key);
      return { ...post, keys };
    })
    .filter((post) => post.keys.length > 0);
}

const update = (key: string, patch: Partial<ComposerImage>) => useComposer.setState(({ images }) => ({ images: { ...images, [key]: { ...images[key]!, ...patch } } }));

/** Dropped or chosen files: grouped at once in drop order, sent to the host, prepared there together. */
export async function addPhotoFiles(files: readonly File[]): Promise<void> {
  const added = files.map((file): ComposerImage => ({ key: `img-${nextKey++}`, name: file.name || 'photo', thumbnail: URL.createObjectURL(file), phase: runtime === 'web' ? 'sending' : 'preparing', imageId: null, url: null, changes: [], reason: null, width: null, height: null }));
  useComposer.setState((state) => ({
    images: { ...state.images, ...Object.fromEntries(added.map((image) => [image.key, image])) },
    posts: appendToPosts(state.posts, added.map((image) => image.key)),
    message: null,
    error: null,
  }));
  try {
    const sources: (BridgeFileSource | { kind: 'incoming'; fileId: string })[] = [];
    for (const [i, file] of files.entries()) {
      sources.push(runtime === 'web' ? { kind: 'incoming', fileId: await sendFileToHost(file) } : { kind: 'file', file });
      update(added[i]!.key, { phase: 'preparing' });
    }
    const input = { files: sources.map((source, i) => ({ source, name: added[i]!.name.slice(0, 255) })) };
    // The Electron source is the bridge's, not the contract's: the preload translates it.
    const prepared: PreparedImage[] = await request('photos.prepare', input as ChannelInput<'photos.prepare'>);
    prepared.forEach((result, i) => {
      update(added[i]!.key, result.imageId ? { phase: 'ready', imageId: result.imageId, changes: result.changes, width: result.width, height: result.height } : { phase: 'refused', reason: result.refusal?.message ?? 'Cannot be posted' });
    });
  } catch (error) {
    for (const image of added) update(image.key, { phase: 'refused', reason: asApiError(error).message });
  } finally {
    useComposer.setState({ progress: null });
  }
}

/** Pasted text: each http(s) URL on it becomes an image posted as it is (it must already be on a verified prefix). */
export function addPhotoUrls(text: string): number {
  const urls = text.split(/\s+/).filter((word) => /^https?:\/\/\S+$/.test(word));
  const added = urls.map((url): ComposerImage => ({ key: `img-${nextKey++}`, name: url.split('/').pop() || url, thumbnail: url, phase: 'ready', imageId: null, url, changes: [], reason: null, width: null, height: null }));
  useComposer.setState((state) => ({ images: { ...state.images, ...Object.fromEntries(added.map((image) => [image.key, image])) }, posts: appendToPosts(state.posts, added.map((image) => image.key)) }));
  return added.length;
}

export function removeImage(key: string): void {
  useComposer.setState((state) => {
    const image = state.images[key];
    if (image?.thumbnail?.startsWith('blob:')) URL.revokeObjectURL(image.thumbnail);
    const images = { ...state.images };
    delete images[key];
    return { images, posts: state.posts.map((post) => ({ ...post, keys: post.keys.filter((k) => k !== key), coverKey: post.coverKey === key ? null : post.coverKey })).filter((post) => post.keys.length > 0) };
  });
}

export function dropImage(key: string, toPost: string, index: number): void {
  useComposer.setState((state) => ({ posts: moveImage(state.posts, key, toPost, index) }));
}

export function newPostWith(key: string): void {
  useComposer.setState((state) => {
    const posts = state.posts.map((post) => ({ ...post, keys: post.keys.filter((k) => k !== key) })).filter((post) => post.keys.length > 0);
    return { posts: [...posts, { id: newPostId(), title: '', description: '', keys: [key], coverKey: null }] };
  });
}

export function editPost(id: string, patch: Partial<Pick<ComposerPost, 'title' | 'description' | 'coverKey'>>): void {
  useComposer.setState((state) => ({ posts: state.posts.map((post) => (post.id === id ? { ...post, ...patch } : post)) }));
}

export function toggleAccount(openId: string, chosen: boolean): void {
  useComposer.setState((state) => ({ openIds: chosen ? [...new Set([...state.openIds, openId])] : state.openIds.filter((id) => id !== openId) }));
}

/** Why the batch cannot be sent yet, in words; null when it can. */
export function sendBlocker(state: ComposerState): string | null {
  if (state.posts.length === 0) return 'Add photos first';
  if (state.openIds.length === 0) return 'Choose at least one account';
  const images = state.posts.flatMap((post) => post.keys.map((key) => state.images[key]!));
  if (images.some((image) => image.phase === 'sending' || image.phase === 'preparing')) return 'Photos are still being prepared';
  if (images.some((image) => image.phase === 'refused')) return 'Remove the photos that cannot be posted first';
  if (state.posts.some((post) => charCount(post.title) > MAX_TITLE_CHARS || charCount(post.description) > MAX_DESCRIPTION_CHARS)) return 'A title or description is too long';
  return null;
}

export async function sendPosts(): Promise<void> {
  const state = useComposer.getState();
  if (sendBlocker(state) || state.sending) return;
  useComposer.setState({ sending: true, error: null, message: null });
  try {
    const posts = state.posts.map((post) => {
      const coverIndex = Math.max(0, post.coverKey ? post.keys.indexOf(post.coverKey) : 0);
      const images = post.keys.map((key) => {
        const image = state.images[key]!;
        return image.url ? { kind: 'url' as const, url: image.url } : { kind: 'prepared' as const, imageId: image.imageId! };
      });
      return { title: post.title, description: post.description, coverIndex, images };
    });
    const drafts: DraftView[] = await request('photos.post', { openIds: state.openIds, posts });
    addedDrafts(drafts);
    for (const image of Object.values(state.images)) if (image.thumbnail?.startsWith('blob:')) URL.revokeObjectURL(image.thumbnail);
    useComposer.setState({ images: {}, posts: [], sending: false, message: `${drafts.length} photo post${drafts.length === 1 ? '' : 's'} added to the queue` });
  } catch (error) {
    useComposer.setState({ sending: false, error: asApiError(error).message });
  }
}

let listening = false;
export function startComposer(): void {
  if (listening) return;
  listening = true;
  on('photos.progress', (progress) => useComposer.setState({ progress: progress.done < progress.total ? progress : null }));
}

/**
 * The photo composer: dropped or chosen images (and pasted URLs) grouped into posts of at most 35
 * in the order they came, prepared by the host (what was fixed, or why one cannot be posted), then
 * sent as photo drafts to one or more accounts in one action. Regrouping, reordering, removing,
 * the cover, the title and the description are the person's; nothing is sent before "Send".
 */
import { create } from 'zustand';
import { on, runtime, sendFileToHost, type ApiError, type BridgeFileSource } from '../api/client';
import type { ChannelInput, DraftView, PhotoChange, PreparedImage, Words } from '../api/contract';
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
  /** A local preview (object URL); none for a pasted link (the window loads no image from elsewhere: its CSP allows only its own). */
  thumbnail: string | null;
  phase: ImagePhase;
  imageId: string | null;
  /** A pasted URL, posted as it is. */
  url: string | null;
  changes: PhotoChange[];
  /** Why it cannot be posted (words the view says in its language, English as a fallback), and the image library's own message. */
  refusal: { words: Words | undefined; message: string; detail: string | null } | null;
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
  /** Photos that cannot be posted, taken out of their posts into one list (in the order they came). */
  refused: string[];
  openIds: string[];
  progress: { done: number; total: number } | null;
  sending: boolean;
  /** How many photo drafts the last Send added to the queue. */
  sent: number | null;
  error: ApiError | null;
}

export const useComposer = create<ComposerState>()(() => ({ images: {}, posts: [], refused: [], openIds: [], progress: null, sending: false, sent: null, error: null }));

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

/** A photo that cannot be posted leaves its post for the one list of refused photos. */
function refuse(key: string, refusal: NonNullable<ComposerImage['refusal']>): void {
  useComposer.setState((state) => {
    if (!state.images[key]) return {};
    return {
      images: { ...state.images, [key]: { ...state.images[key]!, phase: 'refused', refusal } },
      posts: withoutKeys(state.posts, [key]),
      refused: state.refused.includes(key) ? state.refused : [...state.refused, key],
    };
  });
}

const withoutKeys = (posts: readonly ComposerPost[], keys: readonly string[]): ComposerPost[] =>
  posts.map((post) => ({ ...post, keys: post.keys.filter((k) => !keys.includes(k)), coverKey: post.coverKey && keys.includes(post.coverKey) ? null : post.coverKey })).filter((post) => post.keys.length > 0);

const revoke = (image: ComposerImage | undefined) => {
  if (image?.thumbnail?.startsWith('blob:')) URL.revokeObjectURL(image.thumbnail);
};

/** Dropped or chosen files: grouped at once in drop order, sent to the host, prepared there together. */
export async function addPhotoFiles(files: readonly File[]): Promise<void> {
  const added = files.map((file): ComposerImage => ({ key: `img-${nextKey++}`, name: file.name || 'photo', thumbnail: URL.createObjectURL(file), phase: runtime === 'web' ? 'sending' : 'preparing', imageId: null, url: null, changes: [], refusal: null, width: null, height: null }));
  useComposer.setState((state) => ({
    images: { ...state.images, ...Object.fromEntries(added.map((image) => [image.key, image])) },
    posts: appendToPosts(state.posts, added.map((image) => image.key)),
    sent: null,
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
      const key = added[i]!.key;
      if (result.imageId) update(key, { phase: 'ready', imageId: result.imageId, changes: result.changes, width: result.width, height: result.height });
      else refuse(key, { words: result.refusal?.words, message: result.refusal?.message ?? '', detail: result.refusal?.detail ?? null });
    });
  } catch (error) {
    const failure = asApiError(error);
    for (const image of added) refuse(image.key, { words: failure.words, message: failure.message, detail: failure.code });
  } finally {
    useComposer.setState({ progress: null });
  }
}

/** Pasted text: each http(s) URL on it becomes an image posted as it is (it must already be on a verified prefix). */
export function addPhotoUrls(text: string): number {
  const urls = text.split(/\s+/).filter((word) => /^https?:\/\/\S+$/.test(word));
  const added = urls.map((url): ComposerImage => ({ key: `img-${nextKey++}`, name: url.split('/').pop() || url, thumbnail: null, phase: 'ready', imageId: null, url, changes: [], refusal: null, width: null, height: null }));
  useComposer.setState((state) => ({ images: { ...state.images, ...Object.fromEntries(added.map((image) => [image.key, image])) }, posts: appendToPosts(state.posts, added.map((image) => image.key)) }));
  return added.length;
}

export function removeImages(keys: readonly string[]): void {
  useComposer.setState((state) => {
    const images = { ...state.images };
    for (const key of keys) {
      revoke(images[key]);
      delete images[key];
    }
    return { images, posts: withoutKeys(state.posts, keys), refused: state.refused.filter((key) => !keys.includes(key)) };
  });
}

export const removeImage = (key: string) => removeImages([key]);
export const removeRefused = () => removeImages(useComposer.getState().refused);

export function dropImage(key: string, toPost: string, index: number): void {
  useComposer.setState((state) => ({ posts: moveImage(state.posts, key, toPost, index) }));
}

/** "Move to post N": to the end of another post (refused when it already has 35). */
export function moveToPost(key: string, toPost: string): void {
  const target = useComposer.getState().posts.find((post) => post.id === toPost);
  if (target) dropImage(key, toPost, target.keys.length);
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

/**
 * Why the batch cannot be sent yet, as a code the view words (with the number of the post it is
 * about, counted from 1 as the cards are); null when it can.
 */
export type SendBlocker = { code: 'noPhotos' | 'noAccount' } | { code: 'preparing' | 'titleTooLong' | 'descriptionTooLong'; post: number };

export function sendBlocker(state: ComposerState): SendBlocker | null {
  if (state.posts.length === 0) return { code: 'noPhotos' };
  if (state.openIds.length === 0) return { code: 'noAccount' };
  const preparing = state.posts.findIndex((post) => post.keys.some((key) => state.images[key]!.phase !== 'ready'));
  if (preparing >= 0) return { code: 'preparing', post: preparing + 1 };
  const title = state.posts.findIndex((post) => charCount(post.title) > MAX_TITLE_CHARS);
  if (title >= 0) return { code: 'titleTooLong', post: title + 1 };
  const description = state.posts.findIndex((post) => charCount(post.description) > MAX_DESCRIPTION_CHARS);
  if (description >= 0) return { code: 'descriptionTooLong', post: description + 1 };
  return null;
}

export async function sendPosts(): Promise<void> {
  const state = useComposer.getState();
  if (sendBlocker(state) || state.sending) return;
  useComposer.setState({ sending: true, error: null, sent: null });
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
    // The refused list stays: the person has not dealt with it yet.
    const sentKeys = state.posts.flatMap((post) => post.keys);
    for (const key of sentKeys) revoke(state.images[key]);
    useComposer.setState((now) => ({ images: Object.fromEntries(Object.entries(now.images).filter(([key]) => !sentKeys.includes(key))), posts: [], sending: false, sent: drafts.length }));
  } catch (error) {
    useComposer.setState({ sending: false, error: asApiError(error) });
  }
}

let listening = false;
export function startComposer(): void {
  if (listening) return;
  listening = true;
  on('photos.progress', (progress) => useComposer.setState({ progress: progress.done < progress.total ? progress : null }));
}

/**
 * Watch folders: per account, a folder whose new videos become drafts by themselves. Each folder
 * is looked at when fs.watch says something changed in it and, since fs.watch misses events on
 * some file systems (network shares, some containers) and says nothing about a file that merely
 * keeps growing, on a periodic scan too. A video is taken once it has stopped growing
 * (growth-tracker.ts) — never while it is still being written — through the same door as a
 * dropped file (UploadService.add: the same checks and the same duplicate rule), and recorded in
 * the taken ledger (taken-ledger.ts), so a restart never takes it again. Folders can be paused.
 * The clock and the interval are injectable, so tests drive time instead of waiting for it.
 */
import { randomBytes } from 'node:crypto';
import { watch as fsWatch, type FSWatcher } from 'node:fs';
import { access, constants, readdir, realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, isAbsolute, join, relative } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../../common/clock.js';
import type { Logger } from '../../../common/log.js';
import { videoTypeOf } from '../../../common/video-files.js';
import { asText, sameWords, words, type WatchFolderView, type Words } from '../../core/contract/index.js';
import type { EventSink } from '../../core/events.js';
import { AppError } from '../../core/result.js';
import { refusal, sayWords } from '../main-words.js';
import type { KeyValueStorage } from '../storage.js';
import { fingerprintFile, type AccountCheck, type NewDraftFile } from '../uploads/ports.js';
import { GrowthTracker } from './growth-tracker.js';
import { TakenLedger } from './taken-ledger.js';

export const DEFAULT_SCAN_INTERVAL_MS = 2000;
/** A file must keep its size and mtime this long to count as finished. */
export const DEFAULT_STABLE_MS = 3000;
const STORE_KEY = 'watchFolders';
const MAX_SKIPPED_SHOWN = 5;
/** Refusals of UploadService.add that say the file itself will never do: it is recorded as skipped, not tried again. */
const FILE_REFUSALS = new Set(['duplicate_content', 'file_empty', 'file_too_large', 'video_refused']);

const FolderConfig = z.object({ id: z.string(), openId: z.string(), path: z.string(), paused: z.boolean() });
type FolderConfig = z.infer<typeof FolderConfig>;

/** Why a folder takes nothing now: it cannot be read, or its account cannot receive drafts. */
interface Problem {
  unavailable: boolean;
  said: Words;
}

interface Folder extends FolderConfig {
  tracker: GrowthTracker;
  watcher: FSWatcher | null;
  problem: Problem | null;
  /** A scan under way, and whether another was asked for meanwhile. */
  scanning: Promise<void> | null;
  again: boolean;
}

/** What watch folders need of the upload engine. */
export interface DraftIntake {
  add(openId: string, files: NewDraftFile[]): Promise<{ id: string }[]>;
}

export interface WatchFolderDeps {
  dataDir: string;
  storage: KeyValueStorage;
  uploads: DraftIntake;
  checkAccount: AccountCheck;
  hub: EventSink;
  log: Logger;
  clock: Clock;
  intervalMs?: number;
  stableMs?: number;
  /** fs.watch by default; tests pass one that never fires to prove the periodic scan alone suffices. */
  watch?: (path: string, listener: () => void) => FSWatcher;
  /** Electron: the system's folder picker (null when cancelled). Web mode has none: the path is typed. */
  chooseFolder?: () => Promise<string | null>;
}

export class WatchFolderService {
  private readonly folders = new Map<string, Folder>();
  private readonly ledger: TakenLedger;
  private timer: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(private readonly deps: WatchFolderDeps) {
    this.ledger = new TakenLedger(join(deps.dataDir, 'watch-folders', 'taken.json'));
    for (const config of readConfigs(deps.storage)) this.folders.set(config.id, this.folderFrom(config));
  }

  /** Starts watching every folder that is not paused, and the periodic scan. */
  start(): void {
    for (const folder of this.folders.values()) this.arm(folder);
    this.timer = setInterval(() => this.scanAll(), this.deps.intervalMs ?? DEFAULT_SCAN_INTERVAL_MS);
    this.scanAll();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const folder of this.folders.values()) this.disarm(folder);
    await Promise.allSettled([...this.folders.values()].map((folder) => folder.scanning));
  }

  list(): WatchFolderView[] {
    return [...this.folders.values()].map((folder) => this.view(folder));
  }

  /** Adds a folder for an account; `path` null asks the system's folder picker (null back when cancelled). */
  async add(openId: string, typedPath: string | null): Promise<WatchFolderView | null> {
    const why = this.deps.checkAccount(openId);
    if (why) throw refusal('account_unusable', why);
    let path = typedPath;
    if (path === null) {
      if (!this.deps.chooseFolder) throw refusal('picker_unavailable', 'watch.no_picker');
      path = await this.deps.chooseFolder();
      if (path === null) return null;
    }
    const folderPath = await this.validFolder(path);
    if ([...this.folders.values()].some((folder) => folder.openId === openId && folder.path === folderPath)) throw refusal('already_watched', 'watch.already_watched');
    const folder = this.folderFrom({ id: randomBytes(9).toString('base64url'), openId, path: folderPath, paused: false });
    this.folders.set(folder.id, folder);
    this.save();
    this.arm(folder);
    this.changed();
    void this.scan(folder);
    return this.view(folder);
  }

  setPaused(id: string, paused: boolean): WatchFolderView {
    const folder = this.require(id);
    folder.paused = paused;
    this.save();
    if (paused) this.disarm(folder);
    else {
      this.arm(folder);
      void this.scan(folder);
    }
    this.changed();
    return this.view(folder);
  }

  async remove(id: string): Promise<void> {
    const folder = this.require(id);
    this.disarm(folder);
    this.folders.delete(id);
    await folder.scanning;
    this.ledger.forgetFolder(id);
    this.save();
    this.changed();
  }

  /** Looks at every folder now (the periodic scan; tests call it to drive time themselves). */
  scanAll(): Promise<void> {
    return Promise.all([...this.folders.values()].map((folder) => this.scan(folder))).then(() => undefined);
  }

  // ------------------------------------------------------------------ scanning

  /** One look at a folder; a look asked for during one runs once more after it, never two at once. */
  private scan(folder: Folder): Promise<void> {
    if (folder.scanning) {
      folder.again = true;
      return folder.scanning;
    }
    folder.scanning = (async () => {
      do {
        folder.again = false;
        await this.look(folder).catch((error: unknown) => this.deps.log.error({ err: error, folder: folder.id }, 'a watch folder scan failed'));
      } while (folder.again && !this.closed && !folder.paused);
    })().finally(() => (folder.scanning = null));
    return folder.scanning;
  }

  private async look(folder: Folder): Promise<void> {
    if (this.closed || folder.paused || !this.folders.has(folder.id)) return;
    const entries = await readdir(folder.path, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => error);
    if (!Array.isArray(entries)) {
      this.setProblem(folder, { unavailable: true, said: unreadable(entries) });
      // fs.watch of a folder that went away is dead: watch it again once it is back.
      this.disarm(folder);
      return;
    }
    if (folder.problem !== null || !folder.watcher) {
      this.setProblem(folder, null);
      this.arm(folder);
    }
    const before = folder.tracker.growing;
    const present = new Set<string>();
    for (const entry of entries) {
      // Hidden files are the partial downloads and copies of most tools (.crdownload, ._x, .x.part).
      if (!entry.isFile() || entry.name.startsWith('.') || videoTypeOf(entry.name) === null) continue;
      const path = join(folder.path, entry.name);
      present.add(path);
      const info = await stat(path).catch(() => null);
      if (!info) continue;
      const look = { size: info.size, mtimeMs: Math.trunc(info.mtimeMs) };
      if (this.ledger.has(folder.id, path, look)) {
        folder.tracker.forget(path);
        continue;
      }
      if (!folder.tracker.look(path, look, this.deps.clock.now())) continue;
      if (this.closed || folder.paused) return;
      await this.take(folder, path, entry.name, look);
    }
    folder.tracker.keepOnly(present);
    if (folder.tracker.growing !== before) this.changed();
  }

  /** Makes a finished file a draft, or records why it cannot be one; a refusal of the moment (the account) is tried again later. */
  private async take(folder: Folder, path: string, fileName: string, look: { size: number; mtimeMs: number }): Promise<void> {
    const why = this.deps.checkAccount(folder.openId);
    if (why) return this.setProblem(folder, { unavailable: false, said: words('watch.waits', { reason: why }) });
    const fingerprint = await fingerprintFile(path).catch(() => null);
    // Changed or gone between the look and now: the next look decides again.
    if (!fingerprint || fingerprint.size !== look.size || fingerprint.mtimeMs !== look.mtimeMs) return folder.tracker.forget(path);
    const base = { folderId: folder.id, path, size: look.size, mtimeMs: look.mtimeMs, edgeSha256: fingerprint.edgeSha256, at: this.deps.clock.now() };
    try {
      // No window read this file: its length comes from the container's headers, which uploads probes as it adds any video.
      const [draft] = await this.deps.uploads.add(folder.openId, [{ filePath: path, fileName, mimeType: videoTypeOf(fileName)!, durationMs: null, ownsFile: false }]);
      this.ledger.record({ ...base, draftId: draft?.id ?? null, skipped: null });
      this.deps.log.info({ folder: folder.id, draft: draft?.id }, 'a watch folder file became a draft');
    } catch (caught) {
      if (!(caught instanceof AppError) || !FILE_REFUSALS.has(caught.code)) {
        folder.tracker.forget(path);
        this.deps.log.warn({ err: caught, folder: folder.id }, 'a watch folder file could not be added; it is tried again');
        return;
      }
      this.ledger.record({ ...base, draftId: null, skipped: caught.words ?? asText(caught.message) });
    }
    folder.tracker.forget(path);
    this.changed();
  }

  // ------------------------------------------------------------------ helpers

  /** An absolute path to a readable folder, resolved (links followed), and not the app's own data dir. */
  private async validFolder(typed: string): Promise<string> {
    const path = expandHome(typed);
    if (!isAbsolute(path) || path.includes('\0')) throw refusal('invalid_folder', 'watch.full_path');
    const resolved = await realpath(path).catch(() => null);
    const info = resolved ? await stat(resolved).catch(() => null) : null;
    if (!resolved || !info) throw refusal('invalid_folder', 'watch.no_folder', { path });
    if (!info.isDirectory()) throw refusal('invalid_folder', 'watch.is_file', { path });
    if (!(await access(resolved, constants.R_OK | constants.X_OK).then(() => true, () => false))) throw refusal('invalid_folder', 'watch.cannot_read', { path });
    const dataDir = await realpath(this.deps.dataDir).catch(() => this.deps.dataDir);
    const inside = (parent: string, child: string) => !relative(parent, child).startsWith('..') && !isAbsolute(relative(parent, child));
    if (inside(dataDir, resolved) || inside(resolved, dataDir)) throw refusal('invalid_folder', 'watch.own_data_folder');
    return resolved;
  }

  private folderFrom(config: FolderConfig): Folder {
    return { ...config, tracker: new GrowthTracker(this.deps.stableMs ?? DEFAULT_STABLE_MS), watcher: null, problem: null, scanning: null, again: false };
  }

  /** fs.watch on the folder: a change anywhere in it asks for a look. Where it cannot watch, the periodic scan still looks. */
  private arm(folder: Folder): void {
    if (folder.paused || folder.watcher || this.closed) return;
    try {
      const watcher = (this.deps.watch ?? ((path, listener) => fsWatch(path, { persistent: false }, listener)))(folder.path, () => void this.scan(folder));
      watcher.on('error', () => this.disarm(folder));
      folder.watcher = watcher;
    } catch {
      folder.watcher = null;
    }
  }

  private disarm(folder: Folder): void {
    folder.watcher?.close();
    folder.watcher = null;
  }

  private setProblem(folder: Folder, problem: Problem | null): void {
    if (folder.problem === problem || (folder.problem && problem && sameWords(folder.problem.said, problem.said))) return;
    folder.problem = problem;
    this.changed();
  }

  private require(id: string): Folder {
    const folder = this.folders.get(id);
    if (!folder) throw refusal('no_such_folder', 'watch.gone');
    return folder;
  }

  private save(): void {
    this.deps.storage.set(STORE_KEY, [...this.folders.values()].map(({ id, openId, path, paused }) => ({ id, openId, path, paused })));
  }

  private changed(): void {
    if (!this.closed) this.deps.hub.emit('watchFolders.changed', this.list());
  }

  private view(folder: Folder): WatchFolderView {
    const entries = this.ledger.of(folder.id);
    const taken = entries.filter((entry) => entry.draftId !== null);
    const last = taken.at(-1);
    return {
      id: folder.id,
      openId: folder.openId,
      path: folder.path,
      paused: folder.paused,
      state: folder.paused ? 'paused' : folder.problem?.unavailable ? 'unavailable' : 'watching',
      problem: folder.paused || !folder.problem ? null : sayWords(folder.problem.said),
      problemWords: folder.paused ? null : (folder.problem?.said ?? null),
      taken: taken.length,
      lastTaken: last ? { fileName: basename(last.path), at: last.at } : null,
      growing: folder.tracker.growing,
      skipped: entries
        .filter((entry) => entry.skipped !== null)
        .slice(-MAX_SKIPPED_SHOWN)
        .map((entry) => ({ fileName: basename(entry.path), reason: sayWords(entry.skipped!), reasonWords: entry.skipped!, at: entry.at })),
    };
  }
}

function unreadable(failure: NodeJS.ErrnoException): Words {
  if (failure.code === 'ENOENT') return words('watch.folder_missing');
  if (failure.code === 'EACCES' || failure.code === 'EPERM') return words('watch.folder_denied');
  return words('watch.folder_unreadable', { detail: failure.code ?? failure.message });
}

function readConfigs(storage: KeyValueStorage): FolderConfig[] {
  const parsed = z.array(FolderConfig).safeParse(storage.get(STORE_KEY) ?? []);
  return parsed.success ? parsed.data : [];
}

/** A typed path may start with `~` for the person's home folder, as in a terminal (`~/Videos/Exports`). */
export function expandHome(path: string): string {
  if (path === '~') return homedir();
  return /^~[/\\]/.test(path) ? join(homedir(), path.slice(2)) : path;
}

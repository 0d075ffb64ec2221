/**
 * Files the app reads at start that something else damaged (a disk that filled up, a crash of the
 * file system, a hand edit): each is checked before it is read, a damaged one is moved aside under
 * a name with the time (`<name>.damaged-<time>`), and the reader starts from a fresh one. What was
 * moved, and where to, goes to the window (app.notices), so a person knows and can look.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { damagedName } from '../../common/damaged-name.js';

export interface DamagedFile {
  /** What the file held, in a person's words ("Settings and accounts"): the log's, and the window's for a file it has no words for. */
  what: string;
  /** Which of the app's own files it was, for the window's words in its language (`main.notice.file_set_aside.title`). */
  content?: DamagedContent;
  file: string;
  /** Where the damaged copy is now. */
  movedTo: string;
}

/** The app's own files a notice can name in any language. */
export type DamagedContent = 'settings_accounts' | 'web_session' | 'drafts' | 'delivered' | 'watch_taken' | 'platform_state' | 'store_database';

export function setAside(file: string, what: string, content?: DamagedContent): DamagedFile {
  const movedTo = damagedName(file);
  renameSync(file, movedTo);
  return content ? { what, content, file, movedTo } : { what, file, movedTo };
}

/**
 * Checks a JSON file before its reader opens it: one that does not parse, or whose content
 * `fits` refuses (the wrong shape), is moved aside. A missing file is fine (a first start).
 */
export function checkJsonFile(file: string, what: string, fits: (value: unknown) => boolean, content?: DamagedContent): DamagedFile | null {
  if (!existsSync(file)) return null;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return setAside(file, what, content);
  }
  return fits(value) ? null : setAside(file, what, content);
}

export const isJsonObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where the installed app's updates come from, as the build and the machine say: the feed
 * electron-builder wrote into app-update.yml from electron-builder.yml `publish` (with the
 * publisher's name when the Windows build was signed), and an administrator's policy file. Read
 * by the main process only; the page never chooses (services/shell/update-service.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../common/log.js';
import { isHttpsOrLoopback } from '../../common/url-policy.js';
import { words } from '../core/contract/index.js';
import { sayWords, type MainLocale } from '../services/main-words.js';

export interface BuildFeed {
  /** The generic provider's URL; null when the build has none (or a provider this app does not use). */
  url: string | null;
  /** Windows: the certificate's publisher names electron-builder records when it signs; empty when unsigned. */
  publisherNames: string[];
}

/**
 * app-update.yml as electron-builder writes it: flat `key: value` lines, `publisherName` a list of
 * `- name` lines under it. Only the generic provider is read (the one electron-builder.yml uses).
 */
export function parseAppUpdateYml(text: string): BuildFeed {
  const values = new Map<string, string>();
  const publisherNames: string[] = [];
  let inPublishers = false;
  for (const line of text.split(/\r?\n/)) {
    const item = /^\s+-\s+(.+)$/.exec(line);
    if (inPublishers && item) {
      publisherNames.push(unquote(item[1]!));
      continue;
    }
    inPublishers = false;
    const pair = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (!pair) continue;
    if (pair[1] === 'publisherName') {
      if (pair[2]) publisherNames.push(unquote(pair[2]));
      else inPublishers = true;
    } else values.set(pair[1]!, unquote(pair[2]!));
  }
  const url = values.get('provider') === 'generic' ? (values.get('url') ?? null) : null;
  return { url: url && isHttpsOrLoopback(url) ? url : null, publisherNames };
}

function unquote(value: string): string {
  const trimmed = value.trim();
  return /^(['"]).*\1$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
}

/** The build's feed from `<resources>/app-update.yml`; none when the file is missing (a build without `publish`). */
export function readBuildFeed(resourcesPath: string, log: Logger): BuildFeed {
  try {
    return parseAppUpdateYml(readFileSync(join(resourcesPath, 'app-update.yml'), 'utf8'));
  } catch (error) {
    log.warn({ err: error }, 'this build has no readable app-update.yml: no update feed');
    return { url: null, publisherNames: [] };
  }
}

/** An administrator's policy: `{"updates": {"feedUrl": "https://..."}}`; other keys are left for other policies. */
function policyFeedOf(policy: unknown): string | null {
  if (!policy || typeof policy !== 'object' || Array.isArray(policy)) throw new Error('the policy is not a JSON object');
  const updates = (policy as { updates?: unknown }).updates;
  if (updates === undefined) return null;
  const feedUrl = updates && typeof updates === 'object' ? (updates as { feedUrl?: unknown }).feedUrl : undefined;
  if (typeof feedUrl !== 'string' || feedUrl.length > 2048 || !isHttpsOrLoopback(feedUrl)) throw new Error('updates.feedUrl must be an https URL');
  return feedUrl;
}

/** Where an administrator puts the policy file: a folder only administrators can write. */
export function policyFilePath(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  if (platform === 'win32') return join(env.ProgramData ?? 'C:\\ProgramData', 'Draftdeck', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/Draftdeck/policy.json';
  return '/etc/draftdeck/policy.json';
}

/** The policy's feed, or null without a policy file. A policy file that does not parse is logged and ignored. */
export function readPolicyFeed(file: string, log: Logger): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return policyFeedOf(JSON.parse(text));
  } catch (error) {
    log.error({ err: error, file }, 'the policy file does not parse; its update feed is ignored');
    return null;
  }
}

/**
 * Why this build must not update itself, or null. On Windows electron-updater checks an update's
 * signature against the publisher names in app-update.yml and skips the check when there are none:
 * an unsigned build would install whatever the feed served. macOS (Squirrel.Mac) refuses an
 * update whose code signature does not match the running app's designated requirement by itself
 * (and `npm run release` builds no unsigned Mac app); Linux packages carry no signature, and the feed's sha512 is all there is.
 */
export function updateRefusal(platform: NodeJS.Platform, feed: BuildFeed): string | null {
  if (platform === 'win32' && feed.publisherNames.length === 0) return 'This copy of Draftdeck is not signed, so it cannot tell a genuine update from another: install a signed release to get updates';
  return null;
}

/** The part of Electron's dialog the feed confirmation uses. */
export interface MessageBoxDialog {
  showMessageBox(options: { type: 'warning'; title: string; message: string; detail: string; buttons: string[]; defaultId: number; cancelId: number; noLink: boolean }): Promise<{ response: number }>;
}

/**
 * The native dialog that alone can change the feed: the page asks (`updates.useFeed`), the person
 * answers here, where page code cannot click for them. Cancel is the default.
 */
export async function confirmFeedInDialog(dialog: MessageBoxDialog, url: string, locale: MainLocale = 'en'): Promise<boolean> {
  const say = (code: string) => sayWords(words(code, { url }), locale);
  const { response } = await dialog.showMessageBox({
    type: 'warning',
    title: say('dialog.feed.title'),
    message: say('dialog.feed.message'),
    detail: say('dialog.feed.detail'),
    buttons: [say('dialog.feed.cancel'), say('dialog.feed.use')],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  });
  return response === 1;
}

/**
 * Every reason a draft can fail, in one table: the words the queue shows, and whether a retry can
 * help. The platform's fail_reason values (docs/PLATFORM.md "Statuses"), its refusals of a publish
 * (docs/PLATFORM.md "Errors") and the app's own (a file that changed, an account removed) are all
 * here, so the queue never offers a Retry that would fail the same way: where a retry cannot help,
 * the words say what to do instead.
 */

import { refuser } from './failure.js';

export interface FailRule {
  /** What happened and what to do, in words a person acts on. */
  words: string;
  /** Whether sending the same draft again can succeed (the person may have to do something first, as the words say). */
  retryHelps: boolean;
}

const RULES: Readonly<Record<string, FailRule>> = {
  // The platform's fail_reason values, read from op 6.
  file_format_check_failed: { retryHelps: false, words: 'The platform could not read this file as a video: convert it to MP4 (H.264), MOV or WebM and add it again' },
  picture_size_check_failed: { retryHelps: false, words: 'A photo is over 20 MB or over 1080 px on its short side: add it again so Draftdeck fixes it, or fix the pasted image' },
  video_pull_failed: { retryHelps: true, words: 'The platform could not download the video from its URL: check that the address opens in a browser without signing in and is still there, then retry' },
  photo_pull_failed: { retryHelps: true, words: 'The platform could not download a photo from the photo host: check that the host serves it publicly, then retry' },
  url_ownership_unverified: { retryHelps: false, words: 'The address is not verified for this app on the platform: verify its public URL prefix in the platform’s developer portal, or use an address under a verified prefix (for photos, the built-in host), and add it again' },
  internal: { retryHelps: true, words: 'The platform had an internal error processing this draft: retry' },
  // The platform's refusals of a publish (op 4 / op 7), when definitive.
  spam_risk_too_many_pending_share: { retryHelps: true, words: 'The inbox is full: the platform allows 5 drafts waiting per day; post or delete some from the inbox, then retry' },
  scope_not_authorized: { retryHelps: true, words: 'This account did not allow uploads (video.upload): sign in again and allow it, then retry' },
  invalid_params: { retryHelps: false, words: 'The platform refused the request as malformed: add the file again; if it happens again, report it with the log' },
  // The app's own.
  file_changed: { retryHelps: false, words: 'The file changed on disk since it was added: add it again to send the new version' },
  file_missing: { retryHelps: false, words: 'The file is no longer where it was: add it again from where it is now' },
  file_empty: { retryHelps: false, words: 'The file is empty: add the finished video' },
  file_too_large: { retryHelps: false, words: 'The platform accepts videos up to 4 GB: shorten or compress it, then add it again' },
  account_removed: { retryHelps: false, words: 'The account was removed from Draftdeck: sign it in again and add the file to it' },
  upload_rejected: { retryHelps: true, words: 'The upload host kept refusing this upload: retry' },
  publish_lost: { retryHelps: true, words: 'The platform no longer knows this upload: retry to send it again' },
};

/** The rule for a fail code; an unknown platform code is a refusal we cannot explain, and a retry may help. */
export function failRule(code: string): FailRule {
  return RULES[code] ?? { retryHelps: true, words: `${refuser(code)} (${code})` };
}

export function isKnownFailCode(code: string): boolean {
  return code in RULES;
}

/** Words for a fail code (the table's, or a generic refusal naming the code). */
export function describeFailReason(code: string): string {
  return failRule(code).words;
}

/**
 * Every reason a draft can fail, in one table: whether a retry can help (the words the queue shows
 * are the catalog's `main.fail.<code>`, renderer/src/i18n/messages/<locale>/main.json). The platform's fail_reason values (docs/PLATFORM.md "Statuses"), its refusals of a publish
 * (docs/PLATFORM.md "Errors") and the app's own (a file that changed, an account removed) are all
 * here, so the queue never offers a Retry that would fail the same way: where a retry cannot help,
 * the words say what to do instead.
 */

import { words, type Words } from '../../core/contract/index.js';
import { refuser } from './failure.js';

export interface FailRule {
  /** Whether sending the same draft again can succeed (the person may have to do something first, as the words say). */
  retryHelps: boolean;
}

const RULES: Readonly<Record<string, FailRule>> = {
  // The platform's fail_reason values, read from op 6.
  file_format_check_failed: { retryHelps: false },
  picture_size_check_failed: { retryHelps: false },
  video_pull_failed: { retryHelps: true },
  photo_pull_failed: { retryHelps: true },
  url_ownership_unverified: { retryHelps: false },
  internal: { retryHelps: true },
  // The platform's refusals of a publish (op 4 / op 7), when definitive.
  spam_risk_too_many_pending_share: { retryHelps: true },
  scope_not_authorized: { retryHelps: true },
  invalid_params: { retryHelps: false },
  // The app's own.
  file_changed: { retryHelps: false },
  file_missing: { retryHelps: false },
  file_empty: { retryHelps: false },
  file_too_large: { retryHelps: false },
  account_removed: { retryHelps: false },
  upload_rejected: { retryHelps: true },
  publish_lost: { retryHelps: true },
  // A video the app fixes before sending (video-fix-step.ts): FFmpeg failed, or the disk had no room for the fixed file.
  video_fix_failed: { retryHelps: true },
  video_fix_no_space: { retryHelps: true },
};

/** The rule for a fail code; an unknown platform code is a refusal we cannot explain, and a retry may help. */
export function failRule(code: string): FailRule {
  return RULES[code] ?? { retryHelps: true };
}

export function isKnownFailCode(code: string): boolean {
  return code in RULES;
}

/** Words for a fail code: what happened and what to do (the table's code), or a refusal naming the code. */
export function describeFailReason(code: string): Words {
  return isKnownFailCode(code) ? words(`fail.${code}`) : words('fail.unknown', { who: refuser(code), code });
}

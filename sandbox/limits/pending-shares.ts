/**
 * The pending-share rule (docs/PLATFORM.md "Limits"): a user may have at most N drafts waiting in the inbox that
 * were shared within the last 24 hours. A share stops being pending when the creator posts it,
 * when it fails (it never reached the inbox), or once it is 24 hours old. Pure.
 */
export const PENDING_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ShareFacts {
  open_id: string;
  created_at: number;
  posted: boolean;
  failed: boolean;
}

export function pendingShareCount(shares: Iterable<ShareFacts>, openId: string, now: number): number {
  let count = 0;
  for (const share of shares) {
    if (share.open_id === openId && !share.posted && !share.failed && now - share.created_at < PENDING_WINDOW_MS) count++;
  }
  return count;
}

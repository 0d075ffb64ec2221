/**
 * Account records: what the app may know and show about a signed-in account, never a token
 * (those live in the vault). Persisted through the KeyValueStorage, per platform profile. What an
 * account looks like to the UI — its status and the scopes it lacks for uploads — is derived here
 * by pure rules, so it is the same wherever it is shown.
 */
import { z } from 'zod';
import { asText, words, type Account, type Words } from '../../core/contract/index.js';
import { sayWords } from '../main-words.js';
import type { KeyValueStorage } from '../storage.js';
import { UPLOAD_SCOPES } from '../platform-profile.js';

const STORE_KEY = 'accounts';

const AccountRecord = z.object({
  profileKey: z.string().min(1),
  openId: z.string().min(1),
  displayName: z.string().nullable(),
  username: z.string().nullable(),
  scopes: z.array(z.string()),
  /**
   * Why the sign-in can no longer be used, one of SIGN_IN_AGAIN_REASONS (refresh refused, tokens
   * lost); an earlier version's English sentence is kept and said as it is. Null while it can be used.
   */
  signInAgain: z.string().nullable(),
  addedAt: z.number(),
});
export type AccountRecord = z.infer<typeof AccountRecord>;

export class AccountStore {
  private records: AccountRecord[];
  private readonly listeners = new Set<(profileKey: string) => void>();

  constructor(private readonly storage: KeyValueStorage) {
    const raw = storage.get(STORE_KEY);
    // A record that no longer parses is dropped rather than breaking start-up.
    this.records = Array.isArray(raw) ? raw.flatMap((item) => AccountRecord.safeParse(item).data ?? []) : [];
  }

  list(profileKey: string): AccountRecord[] {
    return this.records.filter((r) => r.profileKey === profileKey).map((r) => structuredClone(r));
  }

  get(profileKey: string, openId: string): AccountRecord | undefined {
    const found = this.records.find((r) => r.profileKey === profileKey && r.openId === openId);
    return found && structuredClone(found);
  }

  /** Adds the account, or updates it in place (keeping its position and addedAt) when it exists. */
  put(record: AccountRecord): void {
    const index = this.records.findIndex((r) => r.profileKey === record.profileKey && r.openId === record.openId);
    if (index === -1) this.records.push(AccountRecord.parse(record));
    else this.records[index] = AccountRecord.parse({ ...record, addedAt: this.records[index]!.addedAt });
    this.save(record.profileKey);
  }

  patch(profileKey: string, openId: string, patch: Partial<Pick<AccountRecord, 'displayName' | 'username' | 'scopes' | 'signInAgain'>>): AccountRecord | undefined {
    const current = this.get(profileKey, openId);
    if (!current) return undefined;
    const next = { ...current, ...patch };
    if (JSON.stringify(next) === JSON.stringify(current)) return current;
    this.put(next);
    return next;
  }

  remove(profileKey: string, openId: string): boolean {
    const before = this.records.length;
    this.records = this.records.filter((r) => !(r.profileKey === profileKey && r.openId === openId));
    if (this.records.length === before) return false;
    this.save(profileKey);
    return true;
  }

  onChange(listener: (profileKey: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private save(profileKey: string): void {
    this.storage.set(STORE_KEY, this.records);
    for (const listener of this.listeners) listener(profileKey);
  }
}

export function missingScopes(scopes: readonly string[]): string[] {
  return UPLOAD_SCOPES.filter((scope) => !scopes.includes(scope));
}

/** The name a person knows the account by, for messages. */
export function accountLabel(record: Pick<AccountRecord, 'displayName' | 'username' | 'openId'>): string {
  return record.displayName ?? (record.username ? `@${record.username}` : record.openId);
}

/** Why an account must sign in again (`main.account.reason.<reason>`). */
export const SIGN_IN_AGAIN_REASONS = ['expired', 'refused', 'memory_only', 'not_held'] as const;
export type SignInAgainReason = (typeof SIGN_IN_AGAIN_REASONS)[number];

/** A stored reason as words: a known reason's code, or an earlier version's sentence as it is. */
export function signInAgainWords(stored: string): Words {
  return (SIGN_IN_AGAIN_REASONS as readonly string[]).includes(stored) ? words(`account.reason.${stored}`) : asText(stored);
}

/** The UI's view of an account: status and reason derived from the record (no scope names: the person never chose them by name). */
export function toAccountView(record: AccountRecord): Account {
  const missing = missingScopes(record.scopes);
  const status = record.signInAgain !== null ? 'sign_in_again' : missing.length > 0 ? 'missing_scopes' : 'ok';
  const statusWords =
    record.signInAgain !== null
      ? words('account.status.sign_in_again', { reason: signInAgainWords(record.signInAgain) })
      : missing.length > 0
        ? words('account.status.missing_scopes', { name: accountLabel(record) })
        : null;
  const statusReason = statusWords && sayWords(statusWords);
  return {
    openId: record.openId,
    displayName: record.displayName,
    username: record.username,
    scopes: [...record.scopes],
    missingScopes: missing,
    status,
    statusReason,
    statusWords,
    addedAt: record.addedAt,
  };
}

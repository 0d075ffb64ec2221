/**
 * Which account each token the broker handed out belongs to. Stored by SHA-256 of the token,
 * never the token itself, so the database cannot be used to act for anyone. The orders API finds
 * the caller's open_id here: a token this backend did not broker (or that expired or was revoked
 * through it) is unknown.
 */
import type { Kysely } from 'kysely';
import { secretKey } from '../../server-kit/ids.js';
import type { TokenSet } from '../../platform-api/oauth.js';
import type { Database } from '../db/schema.js';

export async function recordTokenSet(db: Kysely<Database>, tokens: TokenSet, now: number): Promise<void> {
  const rows = [
    { token_hash: secretKey(tokens.access_token), kind: 'access' as const, open_id: tokens.open_id, expires_at: new Date(now + tokens.expires_in * 1000), created_at: new Date(now), checked_at: new Date(now) },
    { token_hash: secretKey(tokens.refresh_token), kind: 'refresh' as const, open_id: tokens.open_id, expires_at: new Date(now + tokens.refresh_expires_in * 1000), created_at: new Date(now), checked_at: new Date(now) },
  ];
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('token_owners').values(rows).onConflict((oc) => oc.column('token_hash').doNothing()).execute();
    // Expired rows are useless; dropping them here keeps the table the size of the live tokens.
    await tx.deleteFrom('token_owners').where('expires_at', '<', new Date(now)).execute();
  });
}

/** The owner of an unexpired access token this backend brokered, and when the platform last confirmed it, or null. */
export async function accessTokenOwner(db: Kysely<Database>, accessToken: string, now: number): Promise<{ openId: string; checkedAt: number } | null> {
  const row = await db
    .selectFrom('token_owners')
    .select(['open_id', 'checked_at'])
    .where('token_hash', '=', secretKey(accessToken))
    .where('kind', '=', 'access')
    .where('expires_at', '>', new Date(now))
    .executeTakeFirst();
  return row ? { openId: row.open_id, checkedAt: new Date(row.checked_at).getTime() } : null;
}

export async function markTokenChecked(db: Kysely<Database>, token: string, now: number): Promise<void> {
  await db.updateTable('token_owners').set({ checked_at: new Date(now) }).where('token_hash', '=', secretKey(token)).execute();
}

/** The platform says this token is no longer valid (revoked or replaced): it is not one of ours any more. */
export async function forgetToken(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('token_owners').where('token_hash', '=', secretKey(token)).execute();
}

/** The open_id of any token (access or refresh) this backend brokered, expired or not. */
export async function tokenOwner(db: Kysely<Database>, token: string): Promise<string | null> {
  const row = await db.selectFrom('token_owners').select('open_id').where('token_hash', '=', secretKey(token)).executeTakeFirst();
  return row?.open_id ?? null;
}

/** A revoke ends every token of the account for this app (the platform's rule), so forget them all. */
export async function forgetAccountTokens(db: Kysely<Database>, openId: string): Promise<void> {
  await db.deleteFrom('token_owners').where('open_id', '=', openId).execute();
}

/**
 * The accounts and sign-in channels and events. No token ever crosses: an account is its open_id,
 * display data and what it allowed.
 */
import { z } from 'zod';
import { NoInput, type ChannelTable, type EventTable, type ContractDocs } from './table.js';
import { Words } from './words.js';

export const ACCOUNT_STATUSES = ['ok', 'missing_scopes', 'sign_in_again'] as const;

/** A signed-in account as the renderer sees it: who it is and what it allowed, never a token. */
export const Account = z.object({
  openId: z.string(),
  /** Where the platform lets the app know it (the built-in sandbox does); otherwise show openId. */
  displayName: z.string().nullable(),
  username: z.string().nullable(),
  /** Scopes the person allowed. */
  scopes: z.array(z.string()),
  /** Scopes uploads need that this account did not allow (e.g. video.upload): show them up front. */
  missingScopes: z.array(z.string()),
  /** ok; missing_scopes (signed in, but drafts cannot go to it); sign_in_again (its drafts wait for it). */
  status: z.enum(ACCOUNT_STATUSES),
  /** Why, in English, when status is not ok (scripts, logs). */
  statusReason: z.string().nullable(),
  /** The same as words (`account.status.*`) for the window to say in its language. */
  statusWords: Words.nullable(),
  addedAt: z.number(),
});
export type Account = z.infer<typeof Account>;

export const SignInStarted = z.object({
  flowId: z.string(),
  /** The platform's consent page. When openedExternally is false (web mode), the renderer opens it (a new tab). */
  authorizeUrl: z.string(),
  openedExternally: z.boolean(),
  /** When the flow gives up waiting for the browser (ms since the epoch). */
  expiresAt: z.number(),
});
export type SignInStarted = z.infer<typeof SignInStarted>;

export const SignInFinished = z.discriminatedUnion('ok', [
  z.object({ flowId: z.string(), ok: z.literal(true), account: Account }),
  /** code: access_denied, timeout, cancelled, invalid_grant, client_secret_missing, network_error, … */
  /** `words`: the same as `message`, as a code and values the window says in its language (contract/words.ts); absent where there are none. */
  z.object({ flowId: z.string(), ok: z.literal(false), error: z.object({ code: z.string(), message: z.string(), words: Words.optional() }) }),
]);
export type SignInFinished = z.infer<typeof SignInFinished>;

export const accountsChannels = {
  'accounts.list': { input: NoInput, output: z.array(Account) },
  /** Starts "Add account": a loopback listener and the consent page. The outcome arrives as signIn.finished. */
  'accounts.signIn.start': { input: NoInput, output: SignInStarted },
  'accounts.signIn.cancel': { input: z.object({ flowId: z.string().min(1).max(100) }).strict(), output: z.object({ cancelled: z.boolean() }) },
  /** Revokes the app's access on the platform, then forgets the account and its tokens. */
  'accounts.remove': { input: z.object({ openId: z.string().min(1).max(200) }).strict(), output: z.object({ removed: z.literal(true), revoked: z.boolean(), message: z.string().nullable(), messageWords: Words.nullable() }) },
} as const satisfies ChannelTable;

export const accountsEvents = {
  /** The active profile's accounts, after any change (added, removed, needs sign-in again, profile switched). */
  'accounts.changed': z.array(Account),
  'signIn.finished': SignInFinished,
} as const satisfies EventTable;

export const accountsDocs = {
  title: 'Accounts and sign-in',
  channels: {
    'accounts.list': {
      output:
        "the active profile's accounts: `openId`, `displayName`, `username` (null where unknown), `scopes`, `missingScopes` (upload scopes not allowed), " +
        '`status` (`ok`/`missing_scopes`/`sign_in_again`), `statusReason` (in English) and `statusWords` (the same as words, see [Words](#words)), `addedAt`',
    },
    'accounts.signIn.start': {
      output: '`{flowId, authorizeUrl, openedExternally, expiresAt}`: open `authorizeUrl` yourself when `openedExternally` is false (web mode); the outcome arrives as `signIn.finished`',
    },
    'accounts.signIn.cancel': { output: '`{cancelled}`' },
    'accounts.remove': { output: "`{removed, revoked, message, messageWords}` (`message` in English, `messageWords` the same as words: why access could not be revoked, or null): revokes the app's access on the platform, then forgets the account and its tokens" },
  },
  events: {
    'accounts.changed': "the active profile's accounts (as `accounts.list`), after any change",
    'signIn.finished':
      '`{flowId, ok: true, account}` or `{flowId, ok: false, error: {code, message}}` (codes: `access_denied`, `timeout`, `cancelled`, `invalid_grant`, `client_secret_missing`, `network_error`, …)',
  },
} satisfies ContractDocs<typeof accountsChannels, typeof accountsEvents>;

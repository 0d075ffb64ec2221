/**
 * The IPC contract: every channel (name, input schema, output schema) and every event
 * (name, payload schema) between the renderer and the main process. This file is "common":
 * it imports only zod, so the renderer, the preload, both transports and the services share it.
 * A new capability is one entry here plus one handler on a service.
 */
import { z } from 'zod';
import { HTTPS_OR_LOOPBACK_RULE, isHttpsOrLoopback } from '../../common/url-policy.js';
import { shellChannels, shellEvents } from './contract-shell.js';

// ---------------------------------------------------------------- settings

/** http(s) URL; plain http only on loopback, where no one can read it in transit. */
const endpointUrl = z
  .string()
  .max(2048)
  .refine(isHttpsOrLoopback, `must use ${HTTPS_OR_LOOPBACK_RULE}`);

export const SandboxProfile = z.object({ kind: z.literal('sandbox') }).strict();

/**
 * Where a custom platform's client secret lives: in this machine's vault, or nowhere on this
 * machine because a token broker (the partner backend) holds it.
 */
export const SecretLocation = z.discriminatedUnion('store', [
  z.object({ store: z.literal('vault') }).strict(),
  z.object({ store: z.literal('broker'), brokerUrl: endpointUrl }).strict(),
]);

export const CustomProfile = z
  .object({
    kind: z.literal('custom'),
    name: z.string().trim().min(1).max(80),
    baseUrl: endpointUrl,
    uploadHost: endpointUrl,
    authorizeUrl: endpointUrl,
    clientKey: z.string().trim().min(1).max(200),
    secret: SecretLocation,
  })
  .strict();

export const PlatformProfile = z.discriminatedUnion('kind', [SandboxProfile, CustomProfile]);
export type PlatformProfile = z.infer<typeof PlatformProfile>;

export const Settings = z
  .object({
    profile: PlatformProfile,
    uploads: z.object({ concurrency: z.number().int().min(1).max(8) }).strict(),
    appearance: z.object({ theme: z.enum(['system', 'light', 'dark']) }).strict(),
    /** Where the installed app looks for new versions (electron-updater's generic feed); '' is off. */
    updates: z
      .object({ feedUrl: z.union([z.literal(''), endpointUrl]) })
      .strict()
      .default({ feedUrl: '' }),
  })
  .strict();
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  profile: { kind: 'sandbox' },
  uploads: { concurrency: 2 },
  appearance: { theme: 'system' },
  updates: { feedUrl: '' },
};

/** settings.set replaces whole sections; omitted sections stay as they are. */
export const SettingsPatch = Settings.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

// ---------------------------------------------------------------- app

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  runtime: z.enum(['electron', 'web']),
  os: z.string(),
  /** The embedded platform sandbox, when the active profile is the built-in one. */
  sandbox: z.object({ baseUrl: z.string(), consoleUrl: z.string() }).nullable(),
});
export type AppInfo = z.infer<typeof AppInfo>;

// ---------------------------------------------------------------- drafts (uploads)

export const DRAFT_STATES = ['queued', 'waiting', 'uploading', 'processing', 'inbox', 'posted', 'failed', 'paused', 'cancelled'] as const;
export const DraftState = z.enum(DRAFT_STATES);
export type DraftState = z.infer<typeof DraftState>;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const VideoMimeType = z.enum(VIDEO_MIME_TYPES);

/** A draft as the renderer sees it: no file path, no upload URL (it carries a credential). */
export const DraftView = z.object({
  id: z.string(),
  openId: z.string(),
  fileName: z.string(),
  mimeType: VideoMimeType,
  size: z.number(),
  durationMs: z.number().nullable(),
  addedAt: z.number(),
  state: DraftState,
  /** Why it waits or failed, in words. */
  reason: z.string().nullable(),
  failCode: z.string().nullable(),
  publishId: z.string().nullable(),
  uploadedBytes: z.number(),
  platformStatus: z.string().nullable(),
  totalChunkCount: z.number().nullable(),
  nextChunk: z.number(),
  /** Bytes per second over the last seconds while uploading. */
  speedBps: z.number().nullable(),
  etaSeconds: z.number().nullable(),
});
export type DraftView = z.infer<typeof DraftView>;

const DraftId = z.object({ id: z.string().uuid() }).strict();

/** A file for a new draft: a path (Electron, read by the main process) or a file streamed to the web host. */
export const DraftFileInput = z
  .object({
    source: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }).strict(),
      z.object({ kind: z.literal('incoming'), fileId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }).strict(),
    ]),
    name: z.string().min(1).max(255),
    mimeType: VideoMimeType,
    durationMs: z.number().nonnegative().max(24 * 3600 * 1000).nullable(),
  })
  .strict();

// ---------------------------------------------------------------- accounts, sign-in, vault (no token ever crosses)

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
  /** Why, in words, when status is not ok. */
  statusReason: z.string().nullable(),
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
  z.object({ flowId: z.string(), ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type SignInFinished = z.infer<typeof SignInFinished>;

export const VaultStatus = z.object({
  /** keychain, dpapi, gnome_libsecret, kwallet5, basic_text, key_file, unavailable, … */
  backend: z.string(),
  protection: z.enum(['os_keystore', 'file_permissions', 'plaintext_equivalent', 'none']),
  /** Sign-ins are stored on disk (encrypted) and survive a restart. */
  persistent: z.boolean(),
  /** What to tell the person: why sign-ins are in memory only, or what protects them. */
  reason: z.string().nullable(),
  optedInToPlaintext: z.boolean(),
  /** Whether vault.allowPlaintext would change anything here (a weak backend such as basic_text). */
  canOptIn: z.boolean(),
});
export type VaultStatus = z.infer<typeof VaultStatus>;

export const ProfileStatus = z.object({
  kind: z.enum(['sandbox', 'custom']),
  name: z.string(),
  /** built_in (sandbox), stored / missing (custom profile, secret in the vault), broker (no secret here). */
  clientSecret: z.enum(['built_in', 'stored', 'missing', 'broker']),
  /** Why the profile cannot be used right now (the embedded sandbox failed to start), or null. */
  problem: z.string().nullable(),
});
export type ProfileStatus = z.infer<typeof ProfileStatus>;

// ---------------------------------------------------------------- channels

const NoInput = z.undefined();

export const channels = {
  'app.info': { input: NoInput, output: AppInfo },
  'settings.get': { input: NoInput, output: Settings },
  'settings.set': { input: SettingsPatch, output: Settings },
  /** Opens an https link in the system browser (Electron) or a new tab (web mode). */
  'shell.openExternal': { input: z.object({ url: z.string().max(2048).refine(isHttpsOrLoopback, `must use ${HTTPS_OR_LOOPBACK_RULE}`) }).strict(), output: z.object({ opened: z.boolean() }) },
  'drafts.list': { input: NoInput, output: z.array(DraftView) },
  'drafts.add': { input: z.object({ openId: z.string().min(1).max(200), files: z.array(DraftFileInput).min(1).max(500) }).strict(), output: z.array(DraftView) },
  'drafts.pause': { input: DraftId, output: DraftView },
  'drafts.resume': { input: DraftId, output: DraftView },
  'drafts.cancel': { input: DraftId, output: DraftView },
  'drafts.retry': { input: DraftId, output: DraftView },
  'drafts.remove': { input: DraftId, output: z.object({ removed: z.literal(true) }) },
  'drafts.reorder': { input: z.object({ ids: z.array(z.string().uuid()).max(100_000) }).strict(), output: z.array(DraftView) },
  'accounts.list': { input: NoInput, output: z.array(Account) },
  /** Starts "Add account": a loopback listener and the consent page. The outcome arrives as signIn.finished. */
  'accounts.signIn.start': { input: NoInput, output: SignInStarted },
  'accounts.signIn.cancel': { input: z.object({ flowId: z.string().min(1).max(100) }).strict(), output: z.object({ cancelled: z.boolean() }) },
  /** Revokes the app's access on the platform, then forgets the account and its tokens. */
  'accounts.remove': { input: z.object({ openId: z.string().min(1).max(200) }).strict(), output: z.object({ removed: z.literal(true), revoked: z.boolean(), message: z.string().nullable() }) },
  'vault.status': { input: NoInput, output: VaultStatus },
  /** The person's choice to store sign-ins although the only secret store is weak (basic_text). */
  'vault.allowPlaintext': { input: z.object({ allow: z.boolean() }).strict(), output: VaultStatus },
  'profile.status': { input: NoInput, output: ProfileStatus },
  /** Write-only: stores the active custom profile's client secret in the vault. */
  'profile.setClientSecret': { input: z.object({ secret: z.string().trim().min(1).max(512) }).strict(), output: z.object({ stored: z.literal(true) }) },
  ...shellChannels,
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
/** What a caller passes (before parsing). */
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
/** What a handler receives (after parsing). */
export type ParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;

// ---------------------------------------------------------------- events

export const events = {
  'settings.changed': Settings,
  /** One draft changed (batched and coalesced per draft: a batch holds each draft's latest). */
  'drafts.updated': DraftView,
  'drafts.removed': z.object({ ids: z.array(z.string()) }),
  /** The whole queue, after a change of order. */
  'drafts.reset': z.array(DraftView),
  /** The active profile's accounts, after any change (added, removed, needs sign-in again, profile switched). */
  'accounts.changed': z.array(Account),
  'signIn.finished': SignInFinished,
  ...shellEvents,
} as const satisfies Record<string, z.ZodType>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

/** One event as delivered; events reach a window in batches (an array per message, ≤ 10 a second). */
export type EventMessage = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];

export const channelNames = Object.keys(channels) as ChannelName[];
export const eventNames = Object.keys(events) as EventName[];

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}

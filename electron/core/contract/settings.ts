/**
 * The settings channels and events: which platform profile is active, upload concurrency, theme,
 * photos. Where the installed app gets updates from is not a setting the page can write: it is the
 * build's feed, an administrator's, or one the person confirmed in a native dialog (shell.ts,
 * `updates.useFeed`).
 */
import { z } from 'zod';
import { HTTPS_OR_LOOPBACK_RULE, isHttpsOrLoopback } from '../../../common/url-policy.js';
import { NoInput, type ChannelTable, type EventTable, type ContractDocs } from './table.js';

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

/** The built-in sandbox's media host (only with the sandbox profile). */
export const SandboxPhotoHost = z.object({ kind: z.literal('sandbox') }).strict();
/** An S3-compatible bucket; its keys are in the vault (photos.setS3Keys), never here. */
export const S3PhotoHost = z
  .object({
    kind: z.literal('s3'),
    endpoint: endpointUrl,
    bucket: z.string().trim().min(3).max(63).regex(/^[a-z0-9][a-z0-9.-]+[a-z0-9]$/, 'must be a valid bucket name (a-z, 0-9, . and -)'),
    region: z.string().trim().min(1).max(64),
    pathStyle: z.boolean(),
    /** The public URL prefix the person verified on the platform; objects are read from it. */
    publicUrlPrefix: endpointUrl.refine((url) => url.endsWith('/'), 'must end with /'),
    keyPrefix: z.string().max(200).regex(/^(?:[A-Za-z0-9._-]+\/)*$/, 'must be folder names ending with /, or empty'),
  })
  .strict();
export const PhotoHost = z.discriminatedUnion('kind', [SandboxPhotoHost, S3PhotoHost]);
export type PhotoHost = z.infer<typeof PhotoHost>;

export const PhotoSettings = z
  .object({
    host: PhotoHost,
    /** Remove GPS and place names before hosting (the privacy default). */
    stripLocation: z.boolean(),
    /** Leave hosted photos on the host once a post has left processing. */
    keepHosted: z.boolean(),
  })
  .strict();
export type PhotoSettings = z.infer<typeof PhotoSettings>;
export const DEFAULT_PHOTO_SETTINGS: PhotoSettings = { host: { kind: 'sandbox' }, stripLocation: true, keepHosted: false };

const UploadSettings = z.object({ concurrency: z.number().int().min(1).max(8) }).strict();
/** The queue's "Send to" choice: the accounts new drafts go to (one draft each), kept across reloads and restarts. */
const QueueSettings = z.object({ sendTo: z.array(z.string().min(1).max(200)).max(20) }).strict();
const AppearanceSettings = z.object({ theme: z.enum(['system', 'light', 'dark']) }).strict();
/**
 * The window's language: 'system' follows the OS (Electron) or the browser (web mode); en-XA is the
 * pseudo-locale (accented, longer English) the layout checks run in, not offered in the window.
 */
export const LocaleChoice = z.enum(['system', 'en', 'es', 'pt-BR', 'id', 'ja', 'ar', 'en-XA']);
export type LocaleChoice = z.infer<typeof LocaleChoice>;
const LanguageSettings = z.object({ locale: LocaleChoice }).strict();

/**
 * Videos the platform would refuse but the app can fix (a new container, or H.264): fix them
 * without asking (`auto`), ask for each (`ask`: the draft waits paused for the choice in its row),
 * or send them as they are (`never`). docs/APP.md "Videos the platform takes".
 */
export const VideoFixMode = z.enum(['ask', 'auto', 'never']);
export type VideoFixMode = z.infer<typeof VideoFixMode>;
const VideoSettings = z.object({ fix: VideoFixMode }).strict();

/** The sections, each without a default: what a patch may name. */
const sections = {
  profile: PlatformProfile,
  photos: PhotoSettings,
  uploads: UploadSettings,
  queue: QueueSettings,
  appearance: AppearanceSettings,
  language: LanguageSettings,
  videos: VideoSettings,
};

export const Settings = z
  .object({
    ...sections,
    // Sections added after the first release: a file written before them reads as their default.
    photos: PhotoSettings.default(DEFAULT_PHOTO_SETTINGS),
    queue: QueueSettings.default({ sendTo: [] }),
    language: LanguageSettings.default({ locale: 'system' }),
    videos: VideoSettings.default({ fix: 'auto' }),
  })
  .strict();
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  profile: { kind: 'sandbox' },
  uploads: { concurrency: 2 },
  queue: { sendTo: [] },
  appearance: { theme: 'system' },
  language: { locale: 'system' },
  videos: { fix: 'auto' },
  photos: DEFAULT_PHOTO_SETTINGS,
};

/**
 * settings.set replaces whole sections; omitted sections stay as they are. Built from the sections
 * without their defaults: `Settings.partial()` would keep each `.default()`, and zod fills a
 * defaulted key even when it is optional, so a patch naming one section would reset the others.
 */
export const SettingsPatch = z.object(sections).partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const settingsChannels = {
  'settings.get': { input: NoInput, output: Settings },
  'settings.set': { input: SettingsPatch, output: Settings },
} as const satisfies ChannelTable;

export const settingsEvents = {
  'settings.changed': Settings,
} as const satisfies EventTable;

export const settingsDocs = {
  title: 'Settings',
  about:
    'A platform profile is either `{"kind":"sandbox"}` (the built-in sandbox) or a custom platform: ' +
    '`{"kind":"custom","name","baseUrl","uploadHost","authorizeUrl","clientKey","secret":{"store":"vault"}|{"store":"broker","brokerUrl"}}`.',
  channels: {
    'settings.get': {
      output:
        'settings: `profile`, `uploads.concurrency` (1–8), `queue.sendTo` (the accounts new drafts go to; empty = the first that can), ' +
        '`appearance.theme`, `language.locale` (`system` or en, es, pt-BR, id, ja, ar; en-XA is the pseudo-locale), `photos` (`host`, `stripLocation`, `keepHosted`; see [How photo posts work](APP.md#how-photo-posts-work)), `videos.fix` (`auto`, `ask` or `never`: what happens to a video the app can fix for the platform)',
    },
    'settings.set': { input: "any of the settings' sections (each replaced whole)", output: 'the new settings' },
  },
  events: {
    'settings.changed': 'the new settings',
  },
} satisfies ContractDocs<typeof settingsChannels, typeof settingsEvents>;

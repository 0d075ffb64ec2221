/**
 * The sandbox's configuration: apps, users, limits, processing speed, research dataset, chaos.
 * Parsed with zod at start; every object is strict, so a misspelt key is refused with a message
 * naming it instead of being silently ignored. Every section is optional and defaults to
 * DEFAULT_SANDBOX_CONFIG's, so a file can say only what it changes.
 */
import { z } from 'zod';
import { readJsonConfigFile } from '../server-kit/json-config-file.js';
import { chaosRulesSchema } from './chaos.js';
import { describeZodError } from '../server-kit/zod-errors.js';

/** Placeholder in verified_url_prefixes for the sandbox's own sample media, whose port is only known at start. */
export const SANDBOX_MEDIA_PLACEHOLDER = '{sandbox_media_url}';

const identifier = (what: string) => z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, `${what} must be 1-128 letters, digits, '_', '.' or '-'`);

/** `http://127.0.0.1:*\/callback/`: a URL whose port may be `*` (any port), and nothing else wild. */
export const redirectUriPattern = z.string().refine(
  (value) => {
    if (value.includes('#')) return false;
    const concrete = value.replace(/^(https?:\/\/[^/:]+):\*(?=\/|$)/, '$1:1');
    if (concrete.includes('*')) return false;
    try {
      const url = new URL(concrete);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  },
  { message: 'must be an http(s) URL without a fragment; only the port may be * (e.g. http://127.0.0.1:*/callback/)' },
);

const verifiedPrefix = z.string().refine(
  (value) => {
    try {
      const url = new URL(value.replace(SANDBOX_MEDIA_PLACEHOLDER, 'http://127.0.0.1:1/sandbox/media/'));
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
    } catch {
      return false;
    }
  },
  { message: `must be an http(s) URL prefix (or start with ${SANDBOX_MEDIA_PLACEHOLDER})` },
);

const appSchema = z
  .object({
    client_key: identifier('client_key'),
    client_secret: z.string().min(1).max(256),
    name: z.string().min(1).max(100),
    redirect_uris: z.array(redirectUriPattern).min(1),
    scopes: z.array(z.string().regex(/^[a-z][a-z0-9_.]*$/, 'scopes look like video.upload')).min(1),
    webhook_url: z.url({ protocol: /^https?$/ }).nullable().default(null),
    verified_url_prefixes: z.array(verifiedPrefix).default([]),
  })
  .strict();

const userSchema = z
  .object({
    open_id: identifier('open_id'),
    username: z.string().regex(/^[A-Za-z0-9_.]{1,64}$/, 'username must be 1-64 letters, digits, _ or .'),
    display_name: z.string().min(1).max(100),
  })
  .strict();

const positiveInt = z.number().int().positive();

const limitsSchema = z
  .object({
    init_per_minute: positiveInt.default(6),
    status_per_minute: positiveInt.default(30),
    pending_shares_per_24h: positiveInt.default(5),
    research_requests_per_day: positiveInt.default(1000),
    research_records_per_day: positiveInt.default(100_000),
  })
  .strict();

const processingSchema = z
  .object({
    seconds_per_gb: z.number().min(0).max(86_400).default(2),
  })
  .strict();

const researchSchema = z
  .object({
    seed: z.number().int().default(42),
    videos: z.number().int().min(0).max(2_000_000).default(2_000),
    accounts: z.number().int().min(0).max(100_000).default(200),
    /** Whole UTC days before today that the videos' create times cover (the platform keeps 2 years). */
    span_days: z.number().int().min(1).max(730).default(730),
  })
  .strict();

/** Payment webhook delivery (sandbox/webhooks): the duplicate-delivery chaos and the per-attempt timeout. */
const webhooksSchema = z
  .object({
    duplicate_probability: z.number().min(0).max(1).default(0),
    timeout_ms: z.number().int().min(50).max(60_000).default(5_000),
  })
  .strict();

/** The upload host (op 5): how long a chunk's sender may stay silent before the chunk is dropped. */
const uploadHostSchema = z
  .object({
    idle_timeout_ms: z.number().int().min(50).max(600_000).default(30_000),
  })
  .strict();

export const DEFAULT_APP = {
  client_key: 'sbx_draftdeck_desktop',
  client_secret: 'sbx_secret_local_only_not_confidential',
  name: 'Draftdeck (sandbox)',
  redirect_uris: ['http://127.0.0.1:*/callback/'],
  scopes: ['user.info.basic', 'video.upload', 'video.list'],
  webhook_url: null,
  verified_url_prefixes: [SANDBOX_MEDIA_PLACEHOLDER],
};

export const DEFAULT_USERS = [
  { open_id: 'sbx-user-ava', username: 'ava.makes', display_name: 'Ava Makes' },
  { open_id: 'sbx-user-ben', username: 'ben.builds', display_name: 'Ben Builds' },
  { open_id: 'sbx-user-chen', username: 'chen.cooks', display_name: 'Chen Cooks' },
];

const configSchema = z
  .object({
    apps: z.array(appSchema).default(() => [structuredClone(DEFAULT_APP)]),
    users: z.array(userSchema).min(1).default(() => structuredClone(DEFAULT_USERS)),
    limits: limitsSchema.prefault({}),
    processing: processingSchema.prefault({}),
    upload_host: uploadHostSchema.prefault({}),
    research: researchSchema.prefault({}),
    webhooks: webhooksSchema.prefault({}),
    chaos: chaosRulesSchema.default([]),
  })
  .strict()
  .superRefine((config, ctx) => {
    const seen = new Map<string, number>();
    config.apps.forEach((app, i) => {
      if (seen.has(app.client_key)) ctx.addIssue({ code: 'custom', path: ['apps', i, 'client_key'], message: `duplicate client_key ${app.client_key}` });
      seen.set(app.client_key, i);
    });
    const ids = new Set<string>();
    const names = new Set<string>();
    config.users.forEach((user, i) => {
      if (ids.has(user.open_id)) ctx.addIssue({ code: 'custom', path: ['users', i, 'open_id'], message: `duplicate open_id ${user.open_id}` });
      if (names.has(user.username)) ctx.addIssue({ code: 'custom', path: ['users', i, 'username'], message: `duplicate username ${user.username}` });
      ids.add(user.open_id);
      names.add(user.username);
    });
  });

export type SandboxConfig = z.output<typeof configSchema>;
export type SandboxApp = SandboxConfig['apps'][number];
export type SandboxUser = SandboxConfig['users'][number];
export type SandboxLimits = SandboxConfig['limits'];

/** Parse and validate a config; throws an Error whose message names the first bad fields. */
export function parseSandboxConfig(raw: unknown): SandboxConfig {
  const result = configSchema.safeParse(raw);
  if (!result.success) throw new Error(`invalid sandbox config: ${describeZodError(result.error, 'config')}`);
  return result.data;
}

/** The documented default: one app (the desktop app's built-in sandbox profile) and three users. */
export const DEFAULT_SANDBOX_CONFIG: SandboxConfig = parseSandboxConfig({});

export async function loadSandboxConfigFile(path: string): Promise<SandboxConfig> {
  return parseSandboxConfig(await readJsonConfigFile(path, 'sandbox config'));
}

/** The config with run-time values filled in (the sandbox media URL in verified prefixes). */
export function resolveConfig(config: SandboxConfig, mediaBaseUrl: string): SandboxConfig {
  return {
    ...config,
    apps: config.apps.map((app) => ({
      ...app,
      verified_url_prefixes: app.verified_url_prefixes.map((prefix) => prefix.replace(SANDBOX_MEDIA_PLACEHOLDER, mediaBaseUrl)),
    })),
  };
}

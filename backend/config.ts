/**
 * The partner backend's configuration (JSON, strict): the platform app it acts for, where
 * webhooks arrive, the catalog it sells, the redirect URIs its broker accepts and the browser
 * origins it answers. Parsed with zod at start; a misspelt key or a bad value is refused with a
 * message naming the field, never ignored. The webhook secret is the client secret, as on the
 * platform (docs/PLATFORM.md "Payment webhook").
 */
import { z } from 'zod';
import { readJsonConfigFile } from '../server-kit/json-config-file.js';
import { RedirectUriPattern } from '../platform-api/wire/redirect-uri.js';
import { describeZodError } from '../server-kit/zod-errors.js';

export const DEFAULT_WEBHOOK_PATH = '/v1/webhooks/payments';

/** What a refund takes back of what the order granted (backend/README.md "Config"). */
export const REFUND_RULES = ['proportional', 'all', 'none'] as const;
export type RefundRule = (typeof REFUND_RULES)[number];

const identifier = (what: string) => z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, `${what} must be 1-64 letters, digits, '_', '.' or '-'`);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const productSchema = z
  .object({
    id: identifier('id'),
    name: z.string().min(1).max(256),
    price_beans: z.number().int().positive().max(1_000_000_000),
    grants: z
      .record(identifier('an item name'), z.number().int().positive().max(1_000_000))
      .refine((grants) => Object.keys(grants).length > 0, { message: 'must grant at least one item' }),
    image_url: httpUrl.nullable().default(null),
    /**
     * proportional: after refunds totalling R of a price P, the order keeps floor(count × (P − R) / P)
     * of each item; all: any refund takes back everything; none: refunds take nothing back.
     */
    refund_rule: z.enum(REFUND_RULES).default('proportional'),
  })
  .strict();

const originSchema = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
    } catch {
      return false;
    }
  },
  { message: 'must be an origin such as https://store.example.com (scheme, host, optional port; no path)' },
);

export const backendConfigSchema = z
  .object({
    platform: z
      .object({
        base_url: httpUrl,
        client_key: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, 'client_key must be 1-128 letters, digits, _ . or -'),
        client_secret: z.string().min(1).max(256),
        /** The platform sandbox: payment_url points at its payment page and the webhook clock follows its virtual clock. */
        sandbox: z.boolean().default(false),
      })
      .strict(),
    webhook_path: z
      .string()
      .regex(/^\/[A-Za-z0-9_.~/-]*$/, 'must be a path starting with /')
      .refine((path) => !/^\/v1\/(oauth|orders|catalog|entitlements)(\/|$)/.test(path) && !/^\/(healthz|readyz)$/.test(path), { message: 'must not be one of the backend API paths' })
      .default(DEFAULT_WEBHOOK_PATH),
    catalog: z
      .array(productSchema)
      .min(1)
      .refine((products) => new Set(products.map((p) => p.id)).size === products.length, { message: 'product ids must be unique' }),
    redirect_uris: z.array(RedirectUriPattern).min(1),
    allowed_origins: z.array(originSchema).default([]),
    /** Peers whose X-Forwarded-For is believed (a load balancer), for per-address rate limits. */
    trusted_proxies: z.array(z.string().min(1)).default([]),
    rate_limits: z
      .object({
        /** Broker token/revoke calls per client address per minute. */
        oauth_per_minute: z.number().int().positive().default(60),
        /** client_credentials relays per account per minute. */
        client_token_per_minute: z.number().int().positive().default(10),
      })
      .strict()
      .default({ oauth_per_minute: 60, client_token_per_minute: 10 }),
    /** GET /metrics (Prometheus) on a port of its own; absent: not served at all. */
    metrics: z
      .object({
        /** 0: any free port (the ready line's metrics_url says which). */
        port: z.number().int().min(0).max(65535),
        host: z.string().min(1).default('127.0.0.1'),
      })
      .strict()
      .optional(),
    /** Connections each process keeps to a PostgreSQL server (unused with PGlite). */
    database_pool_size: z.number().int().min(1).max(500).default(20),
    /** On SIGTERM, how long the requests in flight are given to finish before the process exits. */
    drain_timeout_ms: z.number().int().min(0).max(600_000).default(10_000),
  })
  .strict();

export type BackendConfigInput = z.input<typeof backendConfigSchema>;
export type BackendConfig = z.output<typeof backendConfigSchema>;
export type Product = BackendConfig['catalog'][number];

/** Validates and fills defaults; throws an Error whose message names the bad fields. */
export function parseBackendConfig(raw: unknown): BackendConfig {
  const result = backendConfigSchema.safeParse(raw);
  if (!result.success) throw new Error(`invalid backend config: ${describeZodError(result.error, 'config')}`);
  return result.data;
}

export async function loadBackendConfigFile(path: string): Promise<BackendConfig> {
  return parseBackendConfig(await readJsonConfigFile(path, 'backend config'));
}

/** The catalog a sandbox-profile backend sells when nothing else is configured (the app's built-in profile). */
export const SANDBOX_CATALOG: BackendConfigInput['catalog'] = [
  { id: 'gems_100', name: '100 gems', price_beans: 100, grants: { gem: 100 }, refund_rule: 'proportional' },
  { id: 'sticker_pack', name: 'Sticker pack', price_beans: 30, grants: { sticker_pack: 1 }, refund_rule: 'all' },
  { id: 'pro_month', name: 'Pro for a month', price_beans: 500, grants: { pro_month: 1, gem: 50 }, refund_rule: 'all' },
];

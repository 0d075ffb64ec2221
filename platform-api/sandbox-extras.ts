/**
 * A client of the platform sandbox's own API under /sandbox/ (sandbox/README.md "Sandbox extras
 * API"): what the app and the partner backend read of a sandbox they run beside, by its address
 * only — the app of a client key, the limits in force, the users' names — and the run-time
 * webhook URL. The virtual clock has its own client (sandbox-clock.ts).
 */
import { z } from 'zod';
import { parseShapeB, type ApiResult } from './errors.js';
import { joinUrl, type HttpSend } from './http.js';

const SandboxApp = z.object({
  client_key: z.string(),
  client_secret: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  redirect_uris: z.array(z.string()),
});
export type SandboxApp = z.infer<typeof SandboxApp>;

const SandboxLimits = z.object({
  init_per_minute: z.number(),
  status_per_minute: z.number(),
  pending_shares_per_24h: z.number(),
  research_requests_per_day: z.number(),
  research_records_per_day: z.number(),
});
export type SandboxLimits = z.infer<typeof SandboxLimits>;

const SandboxUser = z.object({ open_id: z.string(), username: z.string(), display_name: z.string() });
export type SandboxUser = z.infer<typeof SandboxUser>;

const TIMEOUT_MS = 10_000;

export async function readSandboxApp(http: HttpSend, baseUrl: string, clientKey: string): Promise<ApiResult<SandboxApp>> {
  const answer = await http({ method: 'GET', url: joinUrl(baseUrl, `/sandbox/apps/${encodeURIComponent(clientKey)}`), timeoutMs: TIMEOUT_MS });
  return answer.ok ? parseShapeB(answer.value, SandboxApp) : answer;
}

export async function readSandboxLimits(http: HttpSend, baseUrl: string): Promise<ApiResult<SandboxLimits>> {
  const answer = await http({ method: 'GET', url: joinUrl(baseUrl, '/sandbox/limits'), timeoutMs: TIMEOUT_MS });
  if (!answer.ok) return answer;
  const parsed = parseShapeB(answer.value, z.object({ limits: SandboxLimits }));
  return parsed.ok ? { ok: true, value: parsed.value.limits } : parsed;
}

export async function readSandboxUsers(http: HttpSend, baseUrl: string): Promise<ApiResult<SandboxUser[]>> {
  const answer = await http({ method: 'GET', url: joinUrl(baseUrl, '/sandbox/users'), timeoutMs: TIMEOUT_MS });
  if (!answer.ok) return answer;
  const parsed = parseShapeB(answer.value, z.object({ users: z.array(SandboxUser) }));
  return parsed.ok ? { ok: true, value: parsed.value.users } : parsed;
}

/** Points the app's payment webhooks at `webhookUrl` until the sandbox restarts or it is set again. */
export async function setSandboxWebhook(http: HttpSend, baseUrl: string, clientKey: string, webhookUrl: string): Promise<ApiResult<void>> {
  const answer = await http({ method: 'PUT', url: joinUrl(baseUrl, `/sandbox/apps/${encodeURIComponent(clientKey)}/webhook`), json: { url: webhookUrl }, timeoutMs: TIMEOUT_MS });
  if (!answer.ok) return answer;
  const parsed = parseShapeB(answer.value, z.unknown());
  return parsed.ok ? { ok: true, value: undefined } : parsed;
}

/** One call to a running web-mode app's automation API (POST /api/call/<channel>), its refusal thrown as an error. */
import type { RunningWebApp } from '../../support/web-app.js';

/** What the web host answers to a call (and to /api/files). */
export type Result<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

export async function callApp<T>(app: RunningWebApp, channel: string, input?: unknown): Promise<T> {
  const response = await fetch(`${app.origin}/api/call/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${app.token}`, ...(input === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: input === undefined ? undefined : JSON.stringify(input),
  });
  const result = (await response.json()) as Result<T>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/**
 * Web mode keeps its address across restarts of the same data dir, so a tab left open reconnects
 * by itself when the app comes back: the port is remembered and asked for again, and the session
 * token is kept (`web-session.json`, mode 0600, written atomically by conf). The token is as
 * secret as the vault's key file beside it: whoever can read the data dir can read both.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DamagedFile } from '../services/damaged-files.js';
import { createConfStorage } from '../services/storage.js';

export const WEB_SESSION_NAME = 'web-session';

/** 32 random bytes, base64url: what startWebTransport would make itself. */
const Token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const Port = z.number().int().min(1).max(65535);

export interface WebSession {
  token: string;
  /** The port of the last launch; null on the first (or when the file was unreadable). */
  lastPort: number | null;
  /** Records the port this launch listens on, for the next one. */
  remember(port: number): void;
  /** The session file, found damaged and moved aside (a new token was made; the window is told). */
  damaged: DamagedFile | null;
}

export function openWebSession(dataDir: string): WebSession {
  const store = createConfStorage(dataDir, WEB_SESSION_NAME);
  const stored = Token.safeParse(store.get('token'));
  const token = stored.success ? stored.data : randomBytes(32).toString('base64url');
  if (!stored.success) store.set('token', token);
  const lastPort = Port.safeParse(store.get('port'));
  return {
    token,
    lastPort: lastPort.success ? lastPort.data : null,
    damaged: store.damaged ?? null,
    remember(port) {
      if (port !== (lastPort.success ? lastPort.data : null)) store.set('port', port);
    },
  };
}

/**
 * The data dir holds the vault's key file and ciphertext, the drafts journal (upload URLs are
 * one-hour credentials) and the embedded sandbox's state: only its owner may list or read it,
 * even when it already existed with wider rights (mkdir's mode applies only to a new directory).
 * Files written there are 0600 each (their writers pass the mode).
 */
import { chmodSync, mkdirSync } from 'node:fs';

export function prepareDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Windows has no POSIX modes: the per-user profile folder's ACL protects it.
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}

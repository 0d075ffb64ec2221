/**
 * The vault: named secrets (an account's token set, a custom profile's client secret), encrypted
 * one by one with the host's SecretCipher and written to `<dataDir>/vault.<backend>.json` (mode
 * 0600, temp file + fsync + rename, so a crash leaves the old file or the new one, never half of
 * one). One file per secret store: web mode (key file) and Electron (the OS key store) share a
 * data dir, and neither can read the other's entries, so neither may overwrite them.
 *
 * When the cipher is not safe enough to persist with (Chromium's basic_text backend, a refused key
 * file) the vault keeps secrets in memory only — the person signs in again after a restart —
 * unless they opt in to storing them with what protection there is. The vault never logs a value.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../../common/log.js';
import { words, type Words } from '../../core/contract/words.js';
import { sayWords } from '../main-words.js';
import type { KeyValueStorage } from '../storage.js';
import type { Protection, SecretCipher } from './secret-cipher.js';

/** The vault file of one secret store (`vault.key_file.json`, `vault.keychain.json`, …). */
export function vaultFile(backend: string): string {
  return `vault.${backend.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
}
const OPT_IN_KEY = 'vault';

const VaultFile = z.object({
  format: z.literal(1),
  backend: z.string(),
  entries: z.record(z.string(), z.string()),
});

export interface VaultStatus {
  backend: string;
  protection: Protection;
  /** Secrets are written to disk (encrypted) and survive a restart. */
  persistent: boolean;
  /** What the person should know: why secrets are in memory only, or what protects them (English; reasonWords the same as words). */
  reason: string | null;
  reasonWords: Words | null;
  /** The person chose to store secrets although the only protection is weak. */
  optedInToPlaintext: boolean;
  /** Opting in would change something (the cipher works but is not safe enough by itself). */
  canOptIn: boolean;
}

export interface VaultOptions {
  dataDir: string;
  cipher: SecretCipher;
  /** Where the opt-in choice is remembered. */
  storage: KeyValueStorage;
  log: Logger;
}

interface Entry {
  value: string;
  /** base64 of the encrypted value, once computed; reset when the value changes. */
  sealed: string | null;
}

export class Vault {
  private readonly entries = new Map<string, Entry>();
  private readonly path: string;
  private optedIn: boolean;
  private writes: Promise<void> = Promise.resolve();

  private constructor(private readonly options: VaultOptions) {
    this.path = join(options.dataDir, vaultFile(options.cipher.backend));
    this.optedIn = OptIn.safeParse(options.storage.get(OPT_IN_KEY)).data?.allowPlaintext ?? false;
  }

  static async open(options: VaultOptions): Promise<Vault> {
    const vault = new Vault(options);
    await vault.load();
    return vault;
  }

  get(name: string): string | undefined {
    return this.entries.get(name)?.value;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Resolves once the secret is on disk (or, in memory-only mode, in memory). */
  async set(name: string, value: string): Promise<void> {
    const current = this.entries.get(name);
    if (current?.value === value) return this.writes;
    this.entries.set(name, { value, sealed: null });
    await this.persist();
  }

  async delete(name: string): Promise<void> {
    if (!this.entries.delete(name)) return this.writes;
    await this.persist();
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  status(): VaultStatus {
    const { cipher } = this.options;
    const persistent = this.writesToDisk();
    // What the cipher said of itself (an unreadable key file, a missing key store) goes to the log; the person gets words without paths or backend names.
    let said: Words | null = null;
    if (cipher.protection === 'none') said = words('vault.none', { why: cipher.backend === 'key_file' ? 'key_file' : 'key_store' });
    else if (!cipher.persistent && !persistent) said = words('vault.weak');
    else if (!cipher.persistent) said = words('vault.weak_chosen');
    else if (cipher.protection === 'file_permissions') said = words('vault.key_file');
    return {
      backend: cipher.backend,
      protection: cipher.protection,
      persistent,
      reason: said && sayWords(said),
      reasonWords: said,
      optedInToPlaintext: this.optedIn,
      canOptIn: !cipher.persistent && cipher.protection !== 'none',
    };
  }

  /** The person's choice for a weak backend. Opting out removes what was written under it. */
  async allowPlaintext(allow: boolean): Promise<VaultStatus> {
    this.optedIn = allow;
    this.options.storage.set(OPT_IN_KEY, { allowPlaintext: allow });
    await this.persist();
    return this.status();
  }

  private writesToDisk(): boolean {
    const { cipher } = this.options;
    return cipher.protection !== 'none' && (cipher.persistent || this.optedIn);
  }

  private async load(): Promise<void> {
    const { cipher, log } = this.options;
    if (cipher.reason) log.warn({ backend: cipher.backend, reason: cipher.reason }, 'the secret storage is limited');
    if (!existsSync(this.path) || cipher.protection === 'none') return;
    let file: z.infer<typeof VaultFile>;
    try {
      file = VaultFile.parse(JSON.parse(readFileSync(this.path, 'utf8')));
    } catch {
      log.warn({ file: vaultFile(cipher.backend) }, 'the vault file is unreadable; starting with an empty vault');
      return;
    }
    if (file.backend !== cipher.backend) {
      log.warn({ file: vaultFile(cipher.backend), was: file.backend, now: cipher.backend }, 'the vault file names another secret store; its entries cannot be read here');
      return;
    }
    let resealed = 0;
    for (const [name, sealed] of Object.entries(file.entries)) {
      try {
        const { text, reseal } = await cipher.decrypt(Buffer.from(sealed, 'base64'));
        // Sealed under a key the store has since replaced: written again with the current one.
        this.entries.set(name, { value: text, sealed: reseal ? null : sealed });
        if (reseal) resealed++;
      } catch {
        log.warn({ entry: name }, 'a vault entry could not be decrypted; dropped');
      }
    }
    if (resealed > 0 && this.writesToDisk()) {
      log.info({ entries: resealed }, 'the secret store asked for entries to be sealed again; rewriting the vault');
      await this.persist();
    }
  }

  /** Writes are queued so the file always reflects the latest state, in order. */
  private persist(): Promise<void> {
    const next = this.writes.then(() => this.write());
    // A failed write must not wedge the queue; the caller still sees its own failure.
    this.writes = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    if (!this.writesToDisk()) {
      if (existsSync(this.path)) rmSync(this.path, { force: true });
      return;
    }
    const { cipher } = this.options;
    const sealed: Record<string, string> = {};
    for (const [name, entry] of this.entries) {
      entry.sealed ??= (await cipher.encrypt(entry.value)).toString('base64');
      sealed[name] = entry.sealed;
    }
    writeAtomically(this.path, JSON.stringify({ format: 1, backend: cipher.backend, entries: sealed }));
  }
}

const OptIn = z.object({ allowPlaintext: z.boolean() });

function writeAtomically(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

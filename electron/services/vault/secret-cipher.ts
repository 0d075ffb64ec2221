/**
 * How the vault encrypts what it writes to disk. Electron's implementation wraps safeStorage (the
 * OS key store: Keychain, DPAPI, libsecret, KWallet; electron/desktop/safe-storage-cipher.ts);
 * web mode's keeps a random key in a file only its owner can read (key-file-cipher.ts).
 * Async because safeStorage's synchronous calls are deprecated.
 */
export type Protection =
  /** Encrypted with a key the OS key store guards. */
  | 'os_keystore'
  /** Encrypted with a key in a file only this user can read: as safe as the file's permissions. */
  | 'file_permissions'
  /** "Encrypted" with a key anyone can know (Chromium's basic_text): equivalent to plain text. */
  | 'plaintext_equivalent'
  /** Nothing can be encrypted here: secrets stay in memory for this session. */
  | 'none';

export interface SecretCipher {
  /** The store behind it: keychain, dpapi, gnome_libsecret, kwallet5, basic_text, key_file, unavailable… */
  backend: string;
  protection: Protection;
  /** Safe enough to write secrets to disk without asking the person. */
  persistent: boolean;
  /** Why it is not persistent (for the UI); null when it is. */
  reason: string | null;
  encrypt(text: string): Promise<Buffer>;
  /** The text, and whether it should be sealed again (the store's key was rotated or its format is old: safeStorage's shouldReEncrypt). */
  decrypt(data: Buffer): Promise<Opened>;
}

export interface Opened {
  text: string;
  reseal: boolean;
}

/** A cipher that refuses every use: the vault keeps secrets in memory only. */
export function unavailableCipher(backend: string, reason: string): SecretCipher {
  const refuse = () => Promise.reject(new Error(`secret storage is unavailable: ${reason}`));
  return { backend, protection: 'none', persistent: false, reason, encrypt: refuse, decrypt: refuse };
}

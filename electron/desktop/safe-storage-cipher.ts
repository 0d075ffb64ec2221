/**
 * The vault's cipher in Electron: safeStorage, i.e. the OS key store (macOS Keychain, Windows
 * DPAPI, libsecret or KWallet on Linux). On Linux without a key store Chromium falls back to
 * `basic_text`, which "encrypts" with a key compiled into every copy of Chromium: as good as plain
 * text. That backend is refused as persistent (the vault keeps secrets in memory and the UI says
 * why) unless the person opts in. Create it after app `ready`; safeStorage is not usable before.
 *
 * Takes safeStorage as a parameter (only its type is imported), so it is tested with a fake.
 */
import type { SafeStorage } from 'electron';
import { unavailableCipher, type SecretCipher } from '../services/vault/secret-cipher.js';

export type SafeStorageLike = Pick<SafeStorage, 'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'>;

export async function createSafeStorageCipher(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): Promise<SecretCipher> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) {
    return unavailableCipher('unavailable', 'The operating system’s key store is not available.');
  }
  const backend = platform === 'darwin' ? 'keychain' : platform === 'win32' ? 'dpapi' : safeStorage.getSelectedStorageBackend();
  const weak = backend === 'basic_text' || backend === 'unknown';
  return {
    backend,
    protection: weak ? 'plaintext_equivalent' : 'os_keystore',
    persistent: !weak,
    reason: weak
      ? 'No OS key store was found (Electron’s "basic_text" backend): secrets written to disk would be as readable as plain text. Install and unlock GNOME Keyring or KWallet to fix this.'
      : null,
    encrypt: (text) => safeStorage.encryptStringAsync(text),
    // shouldReEncrypt: the OS store's key changed (or the data predates its format); the vault seals it again.
    decrypt: async (data) => {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(data);
      return { text: result, reseal: shouldReEncrypt };
    },
  };
}

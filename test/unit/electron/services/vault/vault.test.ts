import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openKeyFileCipher, KEY_FILE } from '../../../../../electron/services/vault/key-file-cipher.js';
import { unavailableCipher, type SecretCipher } from '../../../../../electron/services/vault/secret-cipher.js';
import { Vault, vaultFile } from '../../../../../electron/services/vault/vault.js';
import { createSafeStorageCipher, type SafeStorageLike } from '../../../../../electron/desktop/safe-storage-cipher.js';
import { createMemoryStorage, type KeyValueStorage } from '../../../../../electron/services/storage.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import { sayWords } from '../../../../../electron/services/main-words.js';

const posix = process.platform !== 'win32';
const SECRET = 'rft.super-secret-refresh-token-value';
let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'dd-vault-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = (cipher: SecretCipher, storage: KeyValueStorage = createMemoryStorage(), log = memoryLogger().log) => Vault.open({ dataDir: dir, cipher, storage, log });

/** A stand-in for Chromium's basic_text: it "encrypts", but with a key anyone has. */
function weakCipher(): SecretCipher {
  return { ...openKeyFileCipher(dir), backend: 'basic_text', protection: 'plaintext_equivalent', persistent: false, reason: 'No OS key store was found.' };
}

describe('key-file cipher (web mode)', () => {
  it('round-trips with AES-256-GCM and a fresh IV each time; tampering is detected', async () => {
    const cipher = openKeyFileCipher(dir);
    expect(cipher).toMatchObject({ backend: 'key_file', protection: 'file_permissions', persistent: true });
    const a = await cipher.encrypt(SECRET);
    const b = await cipher.encrypt(SECRET);
    expect(a.equals(b)).toBe(false);
    expect(a.toString('latin1')).not.toContain('super-secret');
    await expect(cipher.decrypt(a)).resolves.toEqual({ text: SECRET, reseal: false });
    const tampered = Buffer.from(a);
    tampered[tampered.length - 1]! ^= 1;
    await expect(cipher.decrypt(tampered)).rejects.toThrow();
    // The same key file decrypts in a later session.
    await expect(openKeyFileCipher(dir).decrypt(a)).resolves.toEqual({ text: SECRET, reseal: false });
  });

  it.runIf(posix)('creates the key file readable by its owner only (0600)', () => {
    openKeyFileCipher(dir);
    expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it.runIf(posix)('refuses a key file other users can read, and says how to fix it', () => {
    openKeyFileCipher(dir);
    chmodSync(join(dir, KEY_FILE), 0o640);
    const cipher = openKeyFileCipher(dir);
    expect(cipher.protection).toBe('none');
    expect(cipher.persistent).toBe(false);
    expect(cipher.reason).toMatch(/other users.*0640.*chmod 600/);
  });

  it.runIf(posix)('refuses a symlink planted at the key path and a key of the wrong length', () => {
    writeFileSync(join(dir, 'elsewhere'), Buffer.alloc(32), { mode: 0o600 });
    symlinkSync(join(dir, 'elsewhere'), join(dir, KEY_FILE));
    expect(openKeyFileCipher(dir).reason).toMatch(/symbolic link/);
    rmSync(join(dir, KEY_FILE));
    writeFileSync(join(dir, KEY_FILE), Buffer.alloc(12), { mode: 0o600 });
    expect(openKeyFileCipher(dir).reason).toMatch(/wrong length/);
  });
});

describe('vault', () => {
  it('persists encrypted entries in a 0600 file written atomically, and reads them back', async () => {
    const vault = await open(openKeyFileCipher(dir));
    await vault.set('tokens:p:u1', SECRET);
    await vault.set('client-secret:p', 'cs-123');
    const file = readFileSync(join(dir, vaultFile('key_file')), 'utf8');
    expect(file).not.toContain('super-secret');
    expect(file).not.toContain('cs-123');
    if (posix) expect(statSync(join(dir, vaultFile('key_file'))).mode & 0o777).toBe(0o600);
    const again = await open(openKeyFileCipher(dir));
    expect(again.get('tokens:p:u1')).toBe(SECRET);
    expect(again.get('client-secret:p')).toBe('cs-123');
    await again.delete('tokens:p:u1');
    expect((await open(openKeyFileCipher(dir))).names()).toEqual(['client-secret:p']);
    expect(again.status()).toMatchObject({ backend: 'key_file', protection: 'file_permissions', persistent: true, canOptIn: false });
    // Said without the key file's path (issue 28, point 6), in English and as words the window says in its language.
    expect(again.status()).toMatchObject({ reason: 'Sign-ins are encrypted with a key file that only your user account can read (not the system’s key store).', reasonWords: { code: 'vault.key_file', params: {} } });
    expect(again.status().reason).not.toContain(KEY_FILE);
    expect(sayWords(again.status().reasonWords!, 'id')).toBe('Login dienkripsi dengan file kunci yang hanya bisa dibaca akun pengguna kamu (bukan penyimpanan kunci sistem).');
  });

  it('keeps secrets in memory only when nothing can encrypt them, and says so', async () => {
    const vault = await open(unavailableCipher('unavailable', 'The operating system’s key store is not available.'));
    await vault.set('tokens:p:u1', SECRET);
    expect(vault.get('tokens:p:u1')).toBe(SECRET);
    expect(existsSync(join(dir, vaultFile('unavailable')))).toBe(false);
    expect(vault.status()).toMatchObject({ persistent: false, protection: 'none', canOptIn: false });
    expect(vault.status().reason).toMatch(/key store is not available, so sign-ins are kept in memory only.*sign in again after restarting/);
    expect(vault.status().reasonWords).toEqual({ code: 'vault.none', params: { why: 'key_store' } });
    // Opting in cannot help when nothing encrypts.
    expect((await vault.allowPlaintext(true)).persistent).toBe(false);
    expect(existsSync(join(dir, vaultFile('unavailable')))).toBe(false);
  });

  it('refuses a weak backend (basic_text) unless the person opts in, and forgets the file when they opt out', async () => {
    const store = createMemoryStorage();
    const vault = await open(weakCipher(), store);
    await vault.set('tokens:p:u1', SECRET);
    expect(existsSync(join(dir, vaultFile('basic_text')))).toBe(false);
    expect(vault.status()).toMatchObject({ backend: 'basic_text', persistent: false, canOptIn: true, optedInToPlaintext: false });
    expect(vault.status().reason).toMatch(/No key store was found.*memory only unless you choose/);
    expect(vault.status().reason).not.toContain('basic_text');
    expect(sayWords(vault.status().reasonWords!, 'ar')).toMatch(/^لم يُعثر على مخزن مفاتيح/);

    expect(await vault.allowPlaintext(true)).toMatchObject({ persistent: true, optedInToPlaintext: true });
    expect(existsSync(join(dir, vaultFile('basic_text')))).toBe(true);
    // The choice is remembered.
    expect((await open(weakCipher(), store)).get('tokens:p:u1')).toBe(SECRET);

    await vault.allowPlaintext(false);
    expect(existsSync(join(dir, vaultFile('basic_text')))).toBe(false);
    expect(vault.get('tokens:p:u1')).toBe(SECRET);
  });

  it('keeps the entries of each secret store in a file of its own, so one never overwrites another', async () => {
    const vault = await open(openKeyFileCipher(dir));
    await vault.set('a', 'b');
    const other = { ...openKeyFileCipher(dir), backend: 'gnome_libsecret' };
    const elsewhere = await open(other, createMemoryStorage());
    expect(elsewhere.names()).toEqual([]);
    await elsewhere.set('c', 'd');
    expect((await open(openKeyFileCipher(dir))).get('a')).toBe('b');
    expect((await open(other, createMemoryStorage())).get('c')).toBe('d');
  });

  it('starts empty, without failing, when its file is damaged or names another store', async () => {
    const { log, lines } = memoryLogger();
    writeFileSync(join(dir, vaultFile('key_file')), '{not json');
    expect((await open(openKeyFileCipher(dir), createMemoryStorage(), log)).names()).toEqual([]);
    writeFileSync(join(dir, vaultFile('key_file')), JSON.stringify({ format: 1, backend: 'keychain', entries: { a: 'AAAA' } }));
    expect((await open(openKeyFileCipher(dir), createMemoryStorage(), log)).names()).toEqual([]);
    expect(lines.join('')).toMatch(/unreadable/);
    expect(lines.join('')).toMatch(/another secret store/);
  });

  it('never logs a value', async () => {
    const { log, lines } = memoryLogger();
    const vault = await open(openKeyFileCipher(dir), createMemoryStorage(), log);
    await vault.set('tokens:p:u1', SECRET);
    await open(unavailableCipher('x', 'y'), createMemoryStorage(), log);
    expect(lines.join('')).not.toContain('super-secret');
  });
});

describe('safeStorage cipher (Electron)', () => {
  function fakeSafeStorage(backend: ReturnType<SafeStorageLike['getSelectedStorageBackend']>, available = true): SafeStorageLike {
    return {
      isAsyncEncryptionAvailable: async () => available,
      getSelectedStorageBackend: () => backend,
      encryptStringAsync: async (text) => Buffer.from(`enc:${text}`),
      decryptStringAsync: async (data) => ({ result: data.toString().slice(4), shouldReEncrypt: false }),
    };
  }

  it('uses the OS key store as persistent protection', async () => {
    const cipher = await createSafeStorageCipher(fakeSafeStorage('gnome_libsecret'), 'linux');
    expect(cipher).toMatchObject({ backend: 'gnome_libsecret', protection: 'os_keystore', persistent: true, reason: null });
    await expect(cipher.decrypt(await cipher.encrypt('x'))).resolves.toEqual({ text: 'x', reseal: false });
    expect((await createSafeStorageCipher(fakeSafeStorage('unknown'), 'darwin')).backend).toBe('keychain');
    expect((await createSafeStorageCipher(fakeSafeStorage('unknown'), 'win32')).backend).toBe('dpapi');
  });

  it('refuses basic_text as persistent and explains why', async () => {
    const cipher = await createSafeStorageCipher(fakeSafeStorage('basic_text'), 'linux');
    expect(cipher).toMatchObject({ backend: 'basic_text', protection: 'plaintext_equivalent', persistent: false });
    expect(cipher.reason).toMatch(/basic_text.*plain text/);
    const vault = await open(cipher);
    await vault.set('k', 'v');
    expect(existsSync(join(dir, vaultFile('basic_text')))).toBe(false);
    expect(vault.status().canOptIn).toBe(true);
  });

  it('seals entries again when safeStorage says shouldReEncrypt (the key store rotated its key)', async () => {
    // Sealed with key 1; the store now holds key 2 and still opens key 1's data, asking for it to be re-encrypted.
    let key = 1;
    const rotating: SafeStorageLike = {
      ...fakeSafeStorage('gnome_libsecret'),
      encryptStringAsync: async (text) => Buffer.from(`k${key}:${text}`),
      decryptStringAsync: async (data) => ({ result: data.toString().slice(3), shouldReEncrypt: !data.toString().startsWith(`k${key}:`) }),
    };
    const file = join(dir, vaultFile('gnome_libsecret'));
    const entries = () => Object.values((JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, string> }).entries).map((sealed) => Buffer.from(sealed, 'base64').toString());
    await (await open(await createSafeStorageCipher(rotating, 'linux'))).set('token', 'secret-1');
    expect(entries()).toEqual(['k1:secret-1']);
    key = 2;
    const reopened = await open(await createSafeStorageCipher(rotating, 'linux'));
    expect(reopened.get('token')).toBe('secret-1');
    expect(entries()).toEqual(['k2:secret-1']);
  });

  it('reports an unavailable key store as memory-only', async () => {
    const cipher = await createSafeStorageCipher(fakeSafeStorage('gnome_libsecret', false), 'linux');
    expect(cipher).toMatchObject({ backend: 'unavailable', protection: 'none', persistent: false });
  });
});

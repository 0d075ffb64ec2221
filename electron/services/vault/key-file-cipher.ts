/**
 * Web mode's cipher: AES-256-GCM under a random 32-byte key kept in `<dataDir>/vault.key`, a file
 * only its owner can read. This is file-permission protection: anyone who can read that file as
 * this user (or as root) can decrypt the vault — the same guarantee as an SSH private key without
 * a passphrase, weaker than the OS key store Electron uses. A key file that other users could
 * read, or that is a symlink, or that belongs to someone else, is refused rather than trusted.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, writeSync, fsyncSync } from 'node:fs';
import { join } from 'node:path';
import { unavailableCipher, type SecretCipher } from './secret-cipher.js';

export const KEY_FILE = 'vault.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 1;

export function openKeyFileCipher(dataDir: string, platform: NodeJS.Platform = process.platform): SecretCipher {
  const path = join(dataDir, KEY_FILE);
  const loaded = readOrCreateKey(path, platform);
  if (typeof loaded === 'string') return unavailableCipher('key_file', loaded);
  const key = loaded;
  return {
    backend: 'key_file',
    protection: 'file_permissions',
    persistent: true,
    reason: null,
    async encrypt(text) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([FORMAT]), iv, cipher.getAuthTag(), body]);
    },
    async decrypt(data) {
      if (data.length < 1 + IV_BYTES + TAG_BYTES || data[0] !== FORMAT) throw new Error('not a vault entry of this format');
      const iv = data.subarray(1, 1 + IV_BYTES);
      const tag = data.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return { text: Buffer.concat([decipher.update(data.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'), reseal: false };
    },
  };
}

/** The key, or why it cannot be trusted. */
function readOrCreateKey(path: string, platform: NodeJS.Platform): Buffer | string {
  const posix = platform !== 'win32';
  // O_NOFOLLOW: a symlink planted at the key's path is refused, not followed.
  const noFollow = posix ? constants.O_NOFOLLOW : 0;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | noFollow);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return `${path} is a symbolic link; refusing to use it as the vault key`;
    if (code !== 'ENOENT') return `cannot read ${path} (${code ?? 'error'})`;
    return createKey(path, noFollow);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return `${path} is not a regular file`;
    if (posix) {
      if ((stat.mode & 0o077) !== 0) {
        return `${path} can be read by other users (mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')}); run \`chmod 600 ${path}\` and restart Draftdeck`;
      }
      if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return `${path} belongs to another user`;
    }
    const key = Buffer.alloc(KEY_BYTES + 1);
    const read = readSync(fd, key, 0, key.length, 0);
    if (read !== KEY_BYTES) return `${path} is not a vault key (wrong length)`;
    return key.subarray(0, KEY_BYTES);
  } finally {
    closeSync(fd);
  }
}

function createKey(path: string, noFollow: number): Buffer | string {
  const key = randomBytes(KEY_BYTES);
  let fd: number;
  try {
    // O_EXCL: if another process created it meanwhile, fail instead of overwriting its key.
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EEXIST' ? `${path} appeared while creating it; restart Draftdeck` : `cannot create ${path} (${code ?? 'error'})`;
  }
  try {
    writeSync(fd, key);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return key;
}

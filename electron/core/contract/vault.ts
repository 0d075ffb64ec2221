/**
 * The vault and platform-profile channels: where sign-ins and the client secret are kept, and
 * whether the active profile can be used.
 */
import { z } from 'zod';
import { NoInput, type ChannelTable, type ContractDocs } from './table.js';
import { Words } from './words.js';

export const VaultStatus = z.object({
  /** keychain, dpapi, gnome_libsecret, kwallet5, basic_text, key_file, unavailable, … */
  backend: z.string(),
  protection: z.enum(['os_keystore', 'file_permissions', 'plaintext_equivalent', 'none']),
  /** Sign-ins are stored on disk (encrypted) and survive a restart. */
  persistent: z.boolean(),
  /** What to tell the person: why sign-ins are in memory only, or what protects them; in English, and as words (`vault.*`) for the window. */
  reason: z.string().nullable(),
  reasonWords: Words.nullable(),
  optedInToPlaintext: z.boolean(),
  /** Whether vault.allowPlaintext would change anything here (a weak backend such as basic_text). */
  canOptIn: z.boolean(),
});
export type VaultStatus = z.infer<typeof VaultStatus>;

export const ProfileStatus = z.object({
  kind: z.enum(['sandbox', 'custom']),
  name: z.string(),
  /** built_in (sandbox), stored / missing (custom profile, secret in the vault), broker (no secret here). */
  clientSecret: z.enum(['built_in', 'stored', 'missing', 'broker']),
  /** Why the profile cannot be used right now (the embedded sandbox failed to start), or null; in English, and as words for the window. */
  problem: z.string().nullable(),
  problemWords: Words.nullable(),
});
export type ProfileStatus = z.infer<typeof ProfileStatus>;

export const vaultChannels = {
  'vault.status': { input: NoInput, output: VaultStatus },
  /** The person's choice to store sign-ins although the only secret store is weak (basic_text). */
  'vault.allowPlaintext': { input: z.object({ allow: z.boolean() }).strict(), output: VaultStatus },
  'profile.status': { input: NoInput, output: ProfileStatus },
  /** Write-only: stores the active custom profile's client secret in the vault. */
  'profile.setClientSecret': { input: z.object({ secret: z.string().trim().min(1).max(512) }).strict(), output: z.object({ stored: z.literal(true) }) },
} as const satisfies ChannelTable;

export const vaultDocs = {
  title: 'Vault and platform profile',
  channels: {
    'vault.status': { output: '`{backend, protection, persistent, reason, reasonWords, optedInToPlaintext, canOptIn}` (`reason` in English, `reasonWords` the same as words; see [Sign-in and secrets](APP.md#sign-in-and-secrets))' },
    'vault.allowPlaintext': { output: 'the new vault status' },
    'profile.status': { output: '`{kind, name, clientSecret (built_in/stored/missing/broker), problem, problemWords}`' },
    'profile.setClientSecret': { output: '`{stored: true}` (write-only; for a custom profile whose secret lives in the vault)' },
  },
  events: {},
} satisfies ContractDocs<typeof vaultChannels>;

/**
 * Who signed an update (electron/desktop/update-signature.ts): a certificate subject against the
 * publisher names of app-update.yml, as a plain common name or a full distinguished name.
 */
import { describe, expect, it } from 'vitest';
import { distinguishedName, publisherSignatureCheck, signedBy } from '../../../../electron/desktop/update-signature.js';

describe('distinguished names', () => {
  it('are read part by part, with quoted commas and escapes kept in their value', () => {
    expect(distinguishedName('CN="Draftdeck, Ltd", O=Draftdeck\\, Ltd, c=GB')).toEqual(new Map([['CN', 'Draftdeck, Ltd'], ['O', 'Draftdeck, Ltd'], ['C', 'GB']]));
  });
});

describe('a signer', () => {
  const subject = 'CN=Draftdeck Ltd, O=Draftdeck Ltd, L=London, C=GB';
  it('matches a plain publisher name by its common name only', () => {
    expect(signedBy(subject, 'Draftdeck Ltd')).toBe(true);
    expect(signedBy('CN=Draftdeck Ltd Evil, O=Draftdeck Ltd', 'Draftdeck Ltd')).toBe(false);
    expect(signedBy('O=Draftdeck Ltd', 'Draftdeck Ltd')).toBe(false);
  });
  it('matches a full distinguished name in every part it gives', () => {
    expect(signedBy(subject, 'CN=Draftdeck Ltd, C=GB')).toBe(true);
    expect(signedBy(subject, 'CN=Draftdeck Ltd, C=US')).toBe(false);
  });
});

describe('the signature check', () => {
  const answer = (value: unknown) => async () => JSON.stringify(value);
  it('refuses what Windows does not call valid, and quotes the file for PowerShell', async () => {
    let asked = '';
    const check = publisherSignatureCheck(async (command) => {
      asked = command;
      return JSON.stringify({ Status: 2, SignerCertificate: null });
    });
    expect(await check(['Draftdeck Ltd'], "C:\\Temp\\it's\\setup.exe")).toMatch(/not valid \(status 2\)/);
    expect(asked).toContain("-LiteralPath 'C:\\Temp\\it''s\\setup.exe'");
  });
  it('refuses an answer it cannot read', async () => {
    expect(await publisherSignatureCheck(answer('WARNING: something'))(['Draftdeck Ltd'], 'x.exe')).toMatch(/could not check/);
    expect(await publisherSignatureCheck(async () => 'WARNING: not JSON')(['Draftdeck Ltd'], 'x.exe')).toMatch(/could not check/);
  });
  it('accepts a valid signature by one of the publishers', async () => {
    expect(await publisherSignatureCheck(answer({ Status: 0, SignerCertificate: { Subject: 'CN=Draftdeck Inc' } }))(['Draftdeck Ltd', 'Draftdeck Inc'], 'x.exe')).toBeNull();
  });
});

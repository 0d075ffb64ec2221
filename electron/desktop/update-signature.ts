/**
 * The signature of a downloaded Windows update, checked so that doubt refuses it. electron-updater
 * asks PowerShell's Get-AuthenticodeSignature and compares the signer with the publisher names
 * electron-builder wrote into app-update.yml, but when PowerShell cannot run (blocked by policy,
 * too old) it logs a warning and lets the update through. Here an update installs only when
 * Windows says its Authenticode signature is valid and its signer is one of this build's own
 * publishers; anything else (another signer, no signature, PowerShell failing or answering
 * something unreadable) is a refusal, said in words. updater.ts puts this in electron-updater's
 * place (its `verifyUpdateCodeSignature`).
 */
import { execFile } from 'node:child_process';

/** Runs one PowerShell command and answers what it printed (rejects when it could not run). */
export type PowerShellRun = (command: string) => Promise<string>;

/** Answers null when the file may be installed, else why not (electron-updater's contract). */
export type SignatureCheck = (publisherNames: string[], file: string) => Promise<string | null>;

/** Authenticode's status for a valid signature (System.Management.Automation.SignatureStatus.Valid). */
const VALID = 0;

export function publisherSignatureCheck(run: PowerShellRun = runPowerShell): SignatureCheck {
  return async (publisherNames, file) => {
    // Single quotes are the only character special inside a PowerShell single-quoted string.
    const command = `Get-AuthenticodeSignature -LiteralPath '${file.replace(/'/g, "''")}' | ConvertTo-Json -Compress -Depth 3`;
    let answer: { Status?: unknown; SignerCertificate?: { Subject?: unknown } | null };
    try {
      answer = JSON.parse(await run(command)) as typeof answer;
      if (!answer || typeof answer !== 'object') throw new Error('PowerShell did not answer a signature');
    } catch (error) {
      return `Windows could not check the update's signature (${(error as Error).message.split('\n')[0]}), so it is not installed`;
    }
    if (answer.Status !== VALID) return `The update's signature is not valid (status ${String(answer.Status)}), so it is not installed`;
    const subject = typeof answer.SignerCertificate?.Subject === 'string' ? answer.SignerCertificate.Subject : '';
    if (publisherNames.some((name) => signedBy(subject, name))) return null;
    return `The update is signed by ${subject || 'an unknown signer'}, not by ${publisherNames.join(' or ')}, so it is not installed`;
  };
}

/**
 * Whether a certificate subject ("CN=Draftdeck Ltd, O=Draftdeck Ltd, C=GB") names the publisher:
 * a full distinguished name must agree in every part it gives; a plain name is the common name.
 */
export function signedBy(subject: string, publisherName: string): boolean {
  const signer = distinguishedName(subject);
  if (!publisherName.includes('=')) return signer.get('CN') === publisherName;
  const wanted = distinguishedName(publisherName);
  return wanted.size > 0 && [...wanted].every(([key, value]) => signer.get(key) === value);
}

/** `CN=a, O="b, c"` as a map of upper-cased keys to values (quotes removed, `\x` read as x). */
export function distinguishedName(text: string): Map<string, string> {
  const parts = new Map<string, string>();
  let part = '';
  let inQuotes = false;
  const flush = () => {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim().toUpperCase(), part.slice(at + 1).trim());
    part = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && i + 1 < text.length) part += text[++i];
    else if (char === '"') inQuotes = !inQuotes;
    else if ((char === ',' || char === '+') && !inQuotes) flush();
    else part += char;
  }
  flush();
  return parts;
}

/** PowerShell itself, without a shell in between (electron-updater goes through cmd.exe). */
function runPowerShell(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('powershell.exe', ['-NoProfile', '-NonInteractive', '-InputFormat', 'None', '-Command', command], { timeout: 20_000, windowsHide: true }, (error, stdout, stderr) => {
      if (error) reject(error);
      else if (stderr.trim()) reject(new Error(stderr.trim()));
      else resolve(stdout);
    });
  });
}

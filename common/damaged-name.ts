/**
 * The name a damaged file or folder is moved aside under, beside where it was: the app's own files,
 * the sandbox's state and the backend's database all keep it, and the window shows it.
 * `<file>.damaged-2026-11-26T23-47-50-123Z`: sorts by time, no character a file system refuses.
 */
export function damagedName(file: string, at = new Date()): string {
  return `${file}.damaged-${at.toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * What a built-in program's ready line says (`{"event":"ready",...}`, sandbox/cli.ts and
 * backend/cli.ts): its addresses, and the files of its own it found damaged and moved aside.
 */
import { z } from 'zod';
import type { DamagedContent, DamagedFile } from '../damaged-files.js';
import type { ProgramName } from './program.js';

export function stringField(ready: Record<string, unknown>, name: string): string {
  const value = ready[name];
  if (typeof value !== 'string' || !/^https?:\/\//.test(value)) throw new Error(`the program's ready line has no ${name}`);
  return value;
}

/** The ready line's `set_aside`: what the program found damaged at start and moved aside (sandbox/cli.ts, backend/cli.ts). */
const SetAside = z.array(z.object({ what: z.string().max(200), file: z.string().max(4096), moved_to: z.string().max(4096) }));

export function setAsideIn(ready: Record<string, unknown>, name: ProgramName): DamagedFile[] {
  const parsed = SetAside.safeParse(ready.set_aside ?? []);
  // The program's own words name it for the log; the window words it by what it is (no "partner backend" there).
  const content: DamagedContent = name === 'sandbox' ? 'platform_state' : 'store_database';
  return parsed.success ? parsed.data.map(({ what, file, moved_to }) => ({ what, content, file, movedTo: moved_to })) : [];
}

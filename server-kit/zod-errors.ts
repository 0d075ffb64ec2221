/** Turning zod's issues into one message that names the field, for config errors and invalid_params. */
import type { z } from 'zod';

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

export function describeZodError(error: z.ZodError, root?: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = fieldPath(issue.path);
      const where = [root, path].filter(Boolean).join(path.startsWith('[') ? '' : '.') || '(body)';
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

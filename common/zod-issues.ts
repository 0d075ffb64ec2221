/**
 * A zod error in a few words for a person or a log line: the first few issues, each as
 * `path: message`. Used for input the IPC contract refuses and for platform answers of an
 * unexpected shape. Never repeats the values themselves (an answer may hold tokens).
 */
import type { z } from 'zod';

export function formatIssues(error: z.ZodError, options: { max?: number; root?: string } = {}): string {
  const { max = 5, root = 'input' } = options;
  return error.issues
    .slice(0, max)
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : root}: ${issue.message}`)
    .join('; ');
}

/**
 * Reading a JSON config file for a command-line server (the sandbox, and the backend, which reuses the sandbox's server pieces): an unreadable
 * file or bad JSON becomes an Error that names the file and what kind of config it is; checking
 * the value is the caller's (zod, naming the field).
 */
import { readFile } from 'node:fs/promises';

export async function readJsonConfigFile(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${what} ${path}: ${(err as Error).message}`, { cause: err });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new Error(`${what} ${path} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
}

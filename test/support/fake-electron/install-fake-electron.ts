/**
 * Makes Node itself resolve 'electron' to the fake, for code vitest does not transform:
 * electron-store (an ES module in node_modules, loaded natively) through an ESM resolve hook,
 * and CommonJS bundles (dist-electron/*.cjs) through Module._load.
 */
import Module, { register } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FakeElectron } from './fake-electron.js';

const KEY = Symbol.for('draftdeck.fakeElectron');
const ENTRY = new URL('./fake-electron-entry.mjs', import.meta.url);
let hooked = false;

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;

export function installFakeElectron(fake: FakeElectron): void {
  (globalThis as Record<symbol, unknown>)[KEY] = fake;
  if (hooked) return;
  hooked = true;
  const hook = `export async function resolve(specifier, context, next) {
    return specifier === 'electron' ? { url: ${JSON.stringify(ENTRY.href)}, shortCircuit: true } : next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`, pathToFileURL(fileURLToPath(import.meta.url)));

  const loader = Module as unknown as { _load: Load };
  const original = loader._load;
  loader._load = function load(request, parent, isMain) {
    if (request === 'electron') return (globalThis as Record<symbol, unknown>)[KEY];
    return original.call(this, request, parent, isMain);
  };
}

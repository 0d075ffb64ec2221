// What `import electron from 'electron'` / `require('electron')` resolves to in tests that let
// Node load code itself (electron-store, the built bundles); see install-fake-electron.ts.
// Each export forwards to the fake installed at the moment of use, so a module that keeps a
// reference from import time (electron-store destructures `app` and `ipcMain`) still reaches
// the current test's fake.
const KEY = Symbol.for('draftdeck.fakeElectron');

function current() {
  const fake = globalThis[KEY];
  if (!fake) throw new Error('no fake electron installed: call installFakeElectron() first');
  return fake;
}

function forward(name) {
  return new Proxy(
    {},
    {
      get(_target, property) {
        const target = current()[name];
        const value = target[property];
        return typeof value === 'function' ? value.bind(target) : value;
      },
      has: (_target, property) => property in current()[name],
    },
  );
}

export const app = forward('app');
export const ipcMain = forward('ipcMain');
export const ipcRenderer = forward('ipcRenderer');
export const shell = forward('shell');
export const protocol = forward('protocol');
export const session = forward('session');
export const contextBridge = forward('contextBridge');
export const dialog = forward('dialog');
export default { app, ipcMain, ipcRenderer, shell, protocol, session, contextBridge, dialog };

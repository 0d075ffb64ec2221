/**
 * The preload: runs sandboxed, before the page, in its own world. It puts exactly one object on
 * the page's window, `draftdeck` ({invoke, on} for contract names), and nothing else.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { BRIDGE_GLOBAL } from './core/bridge.js';
import { createBridge } from './transports/electron-bridge.js';

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createBridge(ipcRenderer, webUtils));

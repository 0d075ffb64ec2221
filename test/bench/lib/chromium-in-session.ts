/**
 * Chromium started as a child of this process, in its session, and driven over CDP: Playwright's
 * own launch starts the browser in a session of its own (setsid). On a kernel that schedules by
 * autogroup (Linux's default for a desktop: /proc/sys/kernel/sched_autogroup_enabled), each
 * session first gets a fair share of the cores, and processes' priorities count only inside one.
 * The desktop app's window, main process and built-in platform are one session (Electron and its
 * children); a benchmark of the window beside the app's work runs them as one too (queue-render).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from '@playwright/test';

/**
 * The switches Playwright's own headless launch passes (playwright-core's chromiumSwitches and its
 * headless ones), so pages here paint and time as under chromium.launch: without them PaintHolding
 * holds a first paint back, scrollbars paint, and the renderer's CPU scrolling differs.
 */
const PLAYWRIGHT_FEATURES_OFF = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay',
  'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'OptimizationHints', 'NetworkTimeServiceQuerying',
  'AimEnabled', 'PreconnectToSearch',
];
/**
 * Browser UI an app window has not: a new page otherwise sometimes waited 1–2 s for the browser to
 * load its omnibox popup's WebUI first (seen in traces, counted in the page's first paint).
 */
const BROWSER_UI_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];
const SWITCHES = [
  '--disable-field-trial-config', '--disable-background-networking', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache', '--disable-breakpad', '--disable-component-extensions-with-background-pages', '--disable-component-update',
  '--no-default-browser-check', '--disable-default-apps', '--disable-dev-shm-usage', '--disable-extensions', `--disable-features=${[...PLAYWRIGHT_FEATURES_OFF, ...BROWSER_UI_OFF].join(',')}`,
  '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies', '--allow-pre-commit-input', '--disable-hang-monitor', '--disable-ipc-flooding-protection',
  '--disable-popup-blocking', '--disable-prompt-on-repost', '--disable-renderer-backgrounding', '--force-color-profile=srgb', '--metrics-recording-only', '--no-first-run',
  '--password-store=basic', '--use-mock-keychain', '--no-service-autorun', '--disable-search-engine-choice-screen', '--enable-unsafe-swiftshader', '--disable-sync',
  '--headless', '--hide-scrollbars', '--mute-audio', '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
  // The project's own, as every test's (playwright.config.ts), and DevTools on a free port for connectOverCDP.
  '--no-sandbox', '--disable-gpu', '--remote-debugging-port=0',
];

export interface SessionChromium {
  browser: Browser;
  pid: number;
  close(): Promise<void>;
}

export async function launchChromiumInSession(executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<SessionChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const child = spawn(executablePath, [...SWITCHES, `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const endpoint = await devToolsEndpoint(child);
  const browser = await chromium.connectOverCDP(endpoint);
  return {
    browser,
    pid: child.pid!,
    async close() {
      await browser.close().catch(() => undefined);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      // Its helper processes may still be writing to the profile for a moment after it exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** The browser's DevTools address, from the line it prints on stderr once it listens. */
function devToolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const said: string[] = [];
    const timer = setTimeout(() => reject(new Error(`Chromium did not listen for DevTools within 30 s: ${said.join('\n')}`)), 30_000);
    createInterface({ input: child.stderr! }).on('line', (line) => {
      said.push(line);
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(line);
      if (!found) return;
      clearTimeout(timer);
      resolve(found[1]!);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code} before listening: ${said.join('\n')}`));
    });
  });
}

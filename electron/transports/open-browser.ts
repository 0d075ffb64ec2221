/**
 * Web mode's first step for a person at a terminal: open their default browser at the address.
 * When that cannot happen, the answer says why in words the terminal line repeats ("no display",
 * "xdg-open is not installed", "xdg-open found no browser"), so the person knows to open it by hand.
 */
import { spawn } from 'node:child_process';

/** Opens the default browser at `url`; answers why it could not, or null once the opener ran. */
export function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<string | null> {
  // Without a display, xdg-open would start a text browser inside this very terminal, or nothing.
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return Promise.resolve('no display');
  const [command, args] = platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  return new Promise((done) => {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true, env });
    child.on('error', (error: NodeJS.ErrnoException) => done(error.code === 'ENOENT' ? `${command} is not installed` : `${command} failed: ${error.message}`));
    // xdg-open exits non-zero when it finds no browser to hand the address to.
    child.on('exit', (code) => done(code === 0 ? null : `${command} found no browser`));
    child.unref();
  });
}

/**
 * One running app per user: two processes writing the same store and driving the same uploads
 * would corrupt both. A second launch hands over to the first (which comes to the front) and quits.
 */

/** The part of Electron's `app` this module needs (the real one satisfies it). */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  on(event: 'second-instance', listener: () => void): unknown;
}

/** True when this process is the one instance; false when it has been told to quit. */
export function claimSingleInstance(app: SingleInstanceApp, onSecondInstance: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', onSecondInstance);
  return true;
}

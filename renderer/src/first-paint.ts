/**
 * The window's start in two phases, as VS Code orders its own (its lifecycle's "Restored" then
 * "Eventually"): what the first screen shows is asked for first and drawn once, and the work no
 * first screen needs (the built-in platform's status and what follows from it, the app's notices)
 * waits until that screen is painted, instead of taking the main thread and the host from it.
 */
let painted: () => void = () => undefined;

/** Answers once the first screen is on screen. */
export const firstScreenPainted = new Promise<void>((resolve) => (painted = resolve));

/** After the next frame is on screen (at once in a hidden window, which paints nothing). */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Called once the first screen has been rendered: it counts as painted after the next frame. */
export function firstScreenRendered(): void {
  void afterNextPaint().then(painted);
}

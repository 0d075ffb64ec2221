/**
 * A file dropped anywhere the app does not take it would make the browser open the file in
 * place of the app (web mode; Electron refuses the navigation). Drop zones handle their own
 * events; everywhere else a drop does nothing.
 */
export function ignoreStrayFileDrops(): void {
  for (const type of ['dragover', 'drop'] as const) {
    window.addEventListener(type, (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    });
  }
}

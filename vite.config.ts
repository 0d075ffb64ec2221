import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is a static bundle: the Electron shell serves it from the app:// protocol,
// web mode from its loopback host. Relative paths make both work.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: true },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite/precompress.js';

// The API and socket.io live on the exchange server; in `npm run dev` Vite proxies them there.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  // precompress: .br and .gz beside every built file, served by server/kernel/http/static.ts.
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // The manifest maps source modules to chunks: bench:bundle and tests/bundle.test.ts read it.
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 2000 },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API and socket.io live on the exchange server; in `npm run dev` Vite proxies them there.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
});

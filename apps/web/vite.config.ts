import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    // `npm run dev -w apps/web` next to a running API: everything but the SPA goes to it.
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/config.json': 'http://127.0.0.1:3000',
    },
  },
  // The manifest maps each module to its chunk: `npm run bench bundle` reads it for per-route sizes.
  build: { target: 'es2022', reportCompressedSize: true, manifest: true },
});

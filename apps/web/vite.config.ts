import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The API runs on its own port in development; in production the server serves dist/ itself.
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  // file.br and file.gz beside every text file of dist/ (public/'s locales included), compressed
  // once at their best here: the server sends them as they are (@fastify/static preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  resolve: {
    alias: {
      // Uppy writes sizes in binary "KB"; the app writes them one way everywhere (uppyBytes.ts).
      '@transloadit/prettier-bytes': fileURLToPath(
        new URL('./src/features/upload/uppyBytes.ts', import.meta.url),
      ),
    },
  },
  define: {
    // Locale files live in public/ (not hashed by the bundler); a per-build query string busts caches.
    __LOCALES_VERSION__: JSON.stringify(Date.now().toString(36)),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/web-bundle.ts reads the chunk graph from it to measure the first load.
    manifest: true,
  },
});

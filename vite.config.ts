import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The client lives in src/client; the server serves dist/client (and replaces %APP_NAME% in index.html).
export default defineConfig({
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./src/client/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': fromRoot('./src/shared'),
      '@client': fromRoot('./src/client'),
    },
  },
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    reportCompressedSize: true,
    // Every supported browser has <link rel=modulepreload>; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
  },
  // `npm run dev`: Vite serves the client with hot reload on PORT and forwards /api to the server.
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 5001}` },
  },
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [
    react(),
    {
      // antd's form context (reached by every Input and Space) imports only FormProvider from @rc-component/form,
      // whose index assigns Field, List, useForm … onto the default export at top level, which keeps all of
      // rc-form and async-validator (~12 kB gzip) in the login page's JS. Point that one import at the module
      // that defines FormProvider; should antd import more from there, the build fails on the missing export.
      name: 'rc-form-provider',
      enforce: 'pre',
      async resolveId(source, importer) {
        if (source === '@rc-component/form' && importer?.replace(/\\/g, '/').endsWith('antd/es/form/context.js')) {
          return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
        }
        return null;
      },
    },
  ],
  resolve: {
    alias: [
      {
        // react-router's package exports name only its development build (dev-only checks and warnings, ~15 %
        // more to download on every page); the production build next to it has the same API
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/xapi': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/xapi': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // every route needs these: one chunk whose hash changes only with their versions.
          // The rest is split by use (the lazy pages and dialogs), so a page loads only what it renders.
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});

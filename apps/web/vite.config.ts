import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** `also`: the module's exports still used besides its component, copied as antd has them */
const UNUSED_PARTS: { importer: string; source: string; what: string; also?: string }[] = [
  { importer: 'antd/es/card/Card.js', source: '../tabs', what: "Card's tabList" },
  {
    importer: 'antd/es/table/hooks/useFilter/index.js',
    source: './FilterDropdown',
    what: "Table's column filters",
    also: `export function flattenKeys(filters) {
      let keys = [];
      (filters || []).forEach(({ value, children }) => {
        keys.push(value);
        if (children) keys = [...keys, ...flattenKeys(children)];
      });
      return keys;
    }`,
  },
  { importer: 'antd/es/table/InternalTable.js', source: './RcTable/VirtualTable', what: "Table's virtual mode" },
  {
    importer: 'antd/es/color-picker/components/ColorPresets.js',
    source: '../../collapse',
    what: "ColorPicker's presets",
  },
];

/** antd App's imports of its feedback hooks → the lazy hooks of src/lib/lazyFeedback.tsx */
const LAZY_APP_HOOKS: Record<string, string> = {
  '../message/useMessage': 'useLazyMessage',
  '../notification/useNotification': 'useLazyNotification',
  '../modal/useModal': 'useLazyModal',
};

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
    {
      // antd's Radio.Group takes one string helper (toNamePathStr) from the module of antd's useForm, which imports
      // all of rc-form's field store: every list page (the table's row selection uses Radio) downloaded it (~7 kB
      // gzip) without a form on it. Radio gets the helper alone; should it import more, the build fails on it.
      name: 'radio-name-path',
      enforce: 'pre',
      resolveId(source, importer) {
        if (source === '../form/hooks/useForm' && importer?.replace(/\\/g, '/').endsWith('antd/es/radio/group.js'))
          return '\0radio-name-path';
        return null;
      },
      load(id) {
        if (id !== '\0radio-name-path') return null;
        return "import { toArray } from 'antd/es/form/util.js'; export const toNamePathStr = (name) => toArray(name).join('_');";
      },
    },
    {
      // antd's App builds its message, notification and modal APIs with hooks that import the notification and
      // message lists, the confirm dialog, Modal and Skeleton (~22 kB gzip) into every signed-in page for feedback
      // shown only after something happened. App gets hooks with the same APIs that fetch antd's on their first
      // call (src/lib/lazyFeedback.tsx).
      name: 'lazy-app-feedback',
      enforce: 'pre',
      resolveId(source, importer) {
        if (!importer?.replace(/\\/g, '/').endsWith('antd/es/app/App.js')) return null;
        return source in LAZY_APP_HOOKS ? `\0lazy-app-feedback:${source}` : null;
      },
      load(id) {
        if (!id.startsWith('\0lazy-app-feedback:')) return null;
        const hook = LAZY_APP_HOOKS[id.slice('\0lazy-app-feedback:'.length)];
        const from = JSON.stringify(fileURLToPath(new URL('./src/lib/lazyFeedback.tsx', import.meta.url)));
        return `import { ${hook} } from ${from}; export default ${hook};`;
      },
    },
    {
      // Parts of antd components this app never uses, imported by the component anyway: Card's tab strip (tabList,
      // rc-tabs and its styles ~11 kB gzip on every page with a card); the table's column filter dropdown (its tree
      // mode alone brought rc-tree, ~13 kB on every list page); the table's virtual mode (rc-table's VirtualTable, ~2 kB
      // on every list page); the colour picker's presets, whose module every Button and Tag style imports for a colour
      // helper, bring Collapse (~3 kB on every page). No screen passes tabList, column filters, `virtual` or colour
      // presets; should one start to, the stub throws on its first render instead of rendering nothing.
      name: 'antd-unused-parts',
      enforce: 'pre',
      resolveId(source, importer) {
        const from = importer?.replace(/\\/g, '/');
        if (!from) return null;
        const unused = UNUSED_PARTS.findIndex((u) => u.source === source && from.endsWith(u.importer));
        return unused >= 0 ? `\0antd-unused:${unused}` : null;
      },
      load(id) {
        if (!id.startsWith('\0antd-unused:')) return null;
        const { what, also = '' } = UNUSED_PARTS[Number(id.slice('\0antd-unused:'.length))]!;
        const message = JSON.stringify(`${what}: left out of the build (vite.config.ts, antd-unused-parts)`);
        return `export default function Unused() { throw new Error(${message}); }\n${also}`;
      },
    },
  ],
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
      treeshake: {
        // antd's rc-component packages declare no `sideEffects`, so a module of theirs stays in once imported even
        // when nothing it exports is used: antd's table selection imports four tree helpers from @rc-component/tree's
        // index, which kept the whole Tree component (~11 kB gzip) on every list page. None of them imports a
        // module for its side effects alone.
        moduleSideEffects: (id) => (/node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          // every route needs these: one chunk whose hash changes only with their versions.
          // The rest is split by use (the lazy pages and dialogs), so a page loads only what it renders.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|wouter|use-sync-external-store)[\\/]/ },
          ],
        },
      },
    },
  },
});

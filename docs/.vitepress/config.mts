/**
 * The docs site: the guides of docs/ and the API reference TypeDoc writes to docs/api/, built by `npm run docs`
 * (TypeDoc, then `vitepress build docs`) into docs/.vitepress/dist, and served locally by `npm run docs:dev`.
 *
 * Offline by design: the default theme's own font files (no web font import), the local search index, no analytics
 * and no CDN. Dead links fail the build (VitePress's default).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type DefaultTheme, defineConfig } from 'vitepress';

const docs = fileURLToPath(new URL('..', import.meta.url));

/**
 * One entry per public entry point of the three packages, named as users import it (`workspace-platform-sdk/bulk`):
 * the module list TypeDoc writes on docs/api/index.md, so an entry is exactly a module page that exists, nested
 * ones (`workspace-platform-sdk/webhooks/node`) included.
 */
function apiEntries(): DefaultTheme.SidebarItem[] {
  const index = `${docs}api/index.md`;
  if (!existsSync(index)) return [];
  return [...readFileSync(index, 'utf8').matchAll(/^- \[([^\]]+)\]\(((?:[\w.-]+\/)+)index\.md\)$/gm)].map(
    ([, name, folder]) => ({ text: name, link: `/api/${folder}` }),
  );
}

/**
 * Where the site is published: the repository's GitHub Pages by default, or `DOCS_BASE` (`/` to serve it at a
 * host's root). VitePress prefixes every link and asset with it.
 */
const base = process.env.DOCS_BASE ?? '/workspace-platform-sdk/';

export default defineConfig({
  base,
  title: 'Workspace Platform SDK',
  description:
    'A typed TypeScript client for the Workspace Platform GraphQL API, with a local emulator and typed code generation.',
  lang: 'en',
  // Folder READMEs are for browsing the repository, not pages of the site.
  srcExclude: ['**/README.md'],
  lastUpdated: false,
  // The local search index holds the API reference too (about 1 MB); it loads only when the search box opens.
  vite: { build: { chunkSizeWarningLimit: 1500 } },
  themeConfig: {
    nav: [
      { text: 'Guides', link: '/getting-started' },
      { text: 'API reference', link: '/api/' },
    ],
    sidebar: [
      {
        text: 'Introduction',
        items: [
          { text: 'Overview', link: '/' },
          { text: 'Getting started', link: '/getting-started' },
          { text: 'Migrating from 0.1', link: '/migrating-from-0.1' },
        ],
      },
      {
        text: 'Using the client',
        items: [
          { text: 'Typed operations', link: '/typed-operations' },
          { text: 'Column values', link: '/column-values' },
          { text: 'Typed boards', link: '/typed-boards' },
          { text: 'Pagination', link: '/pagination' },
          { text: 'Rate limits and retries', link: '/rate-limits' },
          { text: 'Errors', link: '/errors' },
          { text: 'API versions', link: '/api-versions' },
          { text: 'OAuth', link: '/oauth' },
          { text: 'Webhooks', link: '/webhooks' },
          { text: 'Bulk data', link: '/bulk-data' },
        ],
      },
      {
        text: 'Developing and testing',
        items: [
          { text: 'The emulator', link: '/emulator' },
          { text: 'Emulator coverage', link: '/emulator-coverage' },
          { text: 'Testing your app', link: '/testing' },
          { text: 'Testing against your real boards', link: '/real-boards' },
        ],
      },
      {
        text: 'Background',
        items: [
          { text: 'Security', link: '/security' },
          { text: 'Performance', link: '/performance' },
          { text: 'Stability policy', link: '/stability' },
        ],
      },
      { text: 'API reference', link: '/api/', collapsed: true, items: apiEntries() },
    ],
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
});

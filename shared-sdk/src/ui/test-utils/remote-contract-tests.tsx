// The checks every remote's ./routes module must pass (docs/development.md, "Remote
// module"), written once. A remote's routes.test.tsx is:
//   import * as routesModule from './routes';
//   describeRemoteContract(routesModule);
import './jsdom-platform';
import { cleanup, render, screen } from '@testing-library/react';
import { execFileSync } from 'child_process';
import { existsSync } from 'fs';
import { dirname, join } from 'path';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { addTranslations, type TextLoaders } from '../../i18n/instance';
import { MemoryRouter } from 'react-router-dom';
import { COMPLETE_LANGS, type Lang, type Translations } from '../../i18n/languages';
import { SDK_CONTRACT, SDK_VERSION, type RemoteRoutesModule } from '../../remote/contract';
import { routesOwnedBy } from '../../routes/route-table';
import { languageChanged, makeStore } from '../../state';
import { SDK_UI_TEXTS } from '../page-pending';

export interface RemoteContractOptions {
  /**
   * Paths whose feature has landed: they no longer show PagePending and are tested by
   * their own suites. Every other page must render the pending note.
   */
  implementedPages?: readonly string[];
}

const MODULE_FIELDS = ['contract', 'name', 'namespace', 'routes', 'sdkVersion', 'translations'];
const LAZY = Symbol.for('react.lazy');
const LAZY_PAGE_MS = 15_000;

/** Every language's table, each fetched from its loader (the page fetches only the one it shows). */
async function allTables(loaders: TextLoaders): Promise<Translations> {
  const [tw, jp, en] = await Promise.all(COMPLETE_LANGS.map((lang) => loaders[lang]?.() ?? Promise.resolve({})));
  return { tw: { ...tw }, jp: { ...jp }, en: { ...en } };
}

// The page's one router: the shell creates it and every remote's hooks must find it, so
// both packages are federation singletons and resolve to one installed copy. react-router-dom
// re-exports react-router, which holds the React contexts.
const ROUTER_PACKAGES = ['react-router-dom', 'react-router'] as const;

/** The folder of the nearest package.json above `file`. */
function packageDirOf(file: string): string {
  let dir = dirname(file);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${file}`);
    dir = parent;
  }
  return dir;
}

// Run in a Node process of its own: the remote's webpack config is CommonJS that jest's
// module mapping (the SDK mapped to its sources) would bend.
const READ_SHARED = `
  const makeConfig = require(require('path').resolve('webpack.config.js'));
  const federation = makeConfig({}, { mode: 'production' }).plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
  process.stdout.write(JSON.stringify((federation && federation._options && federation._options.shared) || {}));
`;

/** The `shared` option of the federation plugin in the remote's own production build config. */
function builtSharedModules(remoteDir: string): Record<string, { singleton?: boolean } | string> {
  return JSON.parse(execFileSync(process.execPath, ['-e', READ_SHARED], { cwd: remoteDir, encoding: 'utf8' })) as Record<
    string,
    { singleton?: boolean } | string
  >;
}

/** Where `request` resolves from `fromDir`: the file a bundler would take. */
function resolvedFrom(request: string, fromDir: string): string {
  return require.resolve(request, { paths: [fromDir] });
}

/** A store in `lang` with the remote's texts registered, as the shell renders a page. */
function storeWithTexts(remote: RemoteRoutesModule, tables: Translations, lang: Lang) {
  addTranslations(remote.namespace, tables);
  const store = makeStore();
  store.dispatch(languageChanged(lang));
  return store;
}

export function describeRemoteContract(remote: RemoteRoutesModule, options: RemoteContractOptions = {}): void {
  const implemented = new Set(options.implementedPages ?? []);

  describe(`${remote.name} ./routes contract`, () => {
    afterEach(cleanup);
    let tables: Translations = { tw: {}, jp: {}, en: {} };
    beforeAll(async () => {
      tables = await allTables(remote.translations as TextLoaders);
    });

    it('gives its texts as a loader per language, so a page fetches only the language it shows', () => {
      for (const lang of COMPLETE_LANGS) expect([lang, typeof (remote.translations as TextLoaders)[lang]]).toEqual([lang, 'function']);
    });

    it('exports exactly the fields of RemoteRoutesModule', () => {
      const fields = Object.keys(remote).filter((key) => key !== '__esModule' && key !== 'default');
      expect(fields.sort()).toEqual(MODULE_FIELDS);
    });

    it('declares the SDK contract and version it is built against', () => {
      expect(remote.contract).toBe(SDK_CONTRACT);
      expect(remote.sdkVersion).toBe(SDK_VERSION);
    });

    it('covers exactly the routes the route table gives it, once each', () => {
      const paths = remote.routes.map((route) => route.path);
      expect([...paths].sort()).toEqual(routesOwnedBy(remote.name).sort());
      expect(new Set(paths).size).toBe(paths.length);
    });

    it('loads every page lazily, so each page is its own chunk', () => {
      for (const route of remote.routes) {
        expect([route.path, (route.Component as unknown as { $$typeof?: symbol }).$$typeof]).toEqual([route.path, LAZY]);
      }
    });

    it('translates every page title in tw, jp and en', () => {
      const problems: string[] = [];
      for (const route of remote.routes) {
        const english = tables.en[route.titleKey];
        for (const lang of COMPLETE_LANGS) {
          const text = tables[lang as 'tw' | 'jp' | 'en'][route.titleKey];
          if (!text?.trim()) problems.push(`${route.path}: no ${lang} title (${route.titleKey})`);
          else if (lang !== 'en' && text === english) problems.push(`${route.path}: ${lang} title is the English text`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('gives each page a title of its own in every language', () => {
      for (const lang of COMPLETE_LANGS) {
        const table = tables[lang as 'tw' | 'jp' | 'en'];
        const titles = remote.routes.map((route) => table[route.titleKey]);
        expect([lang, new Set(titles).size]).toEqual([lang, remote.routes.length]);
      }
    });

    describe("shares the page's one router", () => {
      const remoteDir = packageDirOf(expect.getState().testPath ?? '');
      const repoDir = dirname(remoteDir);
      const shellDir = join(repoDir, 'shell');
      const sdkDir = join(repoDir, 'shared-sdk');

      it('declares react-router-dom and react-router as federation singletons in its build', () => {
        const shared = builtSharedModules(remoteDir);
        for (const name of ROUTER_PACKAGES) {
          const entry = shared[name];
          expect([name, typeof entry === 'object' && entry.singleton === true]).toEqual([name, true]);
        }
      });

      it('resolves react-router-dom and react-router to the same files as the shell and the SDK', () => {
        for (const name of ROUTER_PACKAGES) {
          const fromRemote = resolvedFrom(name, remoteDir);
          expect([name, fromRemote]).toEqual([name, resolvedFrom(name, shellDir)]);
          expect([name, fromRemote]).toEqual([name, resolvedFrom(name, sdkDir)]);
        }
        // The react-router that react-router-dom re-exports is that same copy too.
        const viaDom = resolvedFrom('react-router', dirname(resolvedFrom('react-router-dom/package.json', remoteDir)));
        expect(viaDom).toBe(resolvedFrom('react-router', shellDir));
      });
    });

    const pending = remote.routes.filter((route) => !implemented.has(route.path));
    if (pending.length) {
      it.each(pending.map((route) => [route.path, route] as const))(
        '%s honestly says it is not available yet (store in jp, texts registered)',
        async (_path, route) => {
          const { Component } = route;
          render(
            <Provider store={storeWithTexts(remote, tables, 'jp')}>
              <MemoryRouter initialEntries={[route.path]}>
                <Suspense fallback={null}>
                  <Component />
                </Suspense>
              </MemoryRouter>
            </Provider>,
          );
          // The page is a lazy chunk: its first import compiles it (seconds on a busy CI box).
          const note = await screen.findByTestId('page-pending', {}, { timeout: LAZY_PAGE_MS });
          expect(note.textContent).toContain(SDK_UI_TEXTS.jp.pendingTitle);
          expect(note.textContent).toContain(SDK_UI_TEXTS.jp.pendingBody);
        },
      );
    }
  });
}

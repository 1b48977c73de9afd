// Webpack configuration factories for the shell (host) and the five remotes.
// One place decides loaders, output naming and federation options, so every team
// builds the same way (ARCHITECTURE §1, §3).
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDeps, SDK_CONTRACT, SDK_VERSION } = require('./shared-deps');

/**
 * Production styles are stylesheets, not script: a chunk's CSS is a .css file that
 * the chunk's runtime loads beside it (and the server preloads with the page), so the
 * browser parses it as CSS instead of running it as a JavaScript string that style-loader
 * then inserts. Development keeps style-loader (hot reload).
 */
function styleLoader(production) {
  return production ? MiniCssExtractPlugin.loader : require.resolve('style-loader');
}

function rules(cssPrefix, production) {
  return [
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      use: { loader: require.resolve('ts-loader'), options: { transpileOnly: true } },
    },
    {
      // CSS Modules per package with a package prefix: federation has no style isolation.
      test: /\.module\.css$/,
      use: [
        styleLoader(production),
        {
          loader: require.resolve('css-loader'),
          options: { modules: { localIdentName: `${cssPrefix}__[local]__[hash:base64:5]`, namedExport: false } },
        },
      ],
    },
    {
      test: /\.css$/,
      exclude: /\.module\.css$/,
      use: [styleLoader(production), require.resolve('css-loader')],
    },
    { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
    // Fonts are files of their own: a page fetches one only when its unicode-range is on screen.
    { test: /\.woff2$/, type: 'asset/resource' },
    {
      // antd-mobile's package.json marks es/index.js as having side effects only because
      // it imports the kit's global CSS. With that flag every `import { X } from
      // 'antd-mobile'` goes through the index, and the components used anywhere in the
      // build get concatenated into one module that the first page already needs (65 KiB
      // gzip on home, `npm run bench`). Marked side-effect free, each import goes straight
      // to its component. The kit's global styles come once, from the shell (a remote's
      // standalone host imports them itself).
      test: /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]index\.js$/,
      sideEffects: false,
    },
  ];
}

// webpack 5.111 cannot resolve [contenthash] for the federation runtime's own chunks
// (module-federation/core#5077, webpack/webpack#22199): hash every chunk that has a
// content hash, name the rest plainly. Release folders are versioned, so plain names
// there are still immutable.
function hashedWhenPossible(pathData) {
  return pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript ? '[name].[contenthash:8].js' : '[name].js';
}

/**
 * The production JavaScript minifier: swc's, in the plugin webpack itself minifies with, with
 * webpack's own compress options (two passes). Terser took most of each production build:
 * on the shell's unminified chunks, one thread, terser 8.3 s, swc 0.8 s, and swc's output
 * is no bigger (gzip 365.3 vs 364.1 KiB; esbuild's was 420.1 KiB, not taken). `npm run bench`
 * (bench/build-minify.js) builds a remote with both, side by side. Licence comments still
 * go to <file>.LICENSE.txt, as with terser.
 */
function minimizers() {
  return [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: { passes: 2 }, mangle: true } })];
}

/** The optimization settings of every production build: the given chunk splitting, minified by swc. */
function optimization(splitChunks) {
  return { splitChunks, minimizer: minimizers() };
}

function base({ dir, pkg, mode, cssPrefix }) {
  const production = mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: { rules: rules(cssPrefix, production) },
    output: {
      path: path.join(dir, 'dist'),
      // 'auto': the same files work from any release folder (releases/<remote>/<version>/).
      publicPath: 'auto',
      uniqueName: pkg.name,
      filename: production ? hashedWhenPossible : '[name].js',
      chunkFilename: production ? hashedWhenPossible : '[name].js',
      clean: true,
    },
    performance: { hints: false },
    plugins: [
      ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })] : []),
      // antd-mobile's React 16-18 render, replaced at every entry by the React 19 bridge
      // (antd-mobile-render.mjs says why).
      new webpack.NormalModuleReplacementPlugin(/[\\/]antd-mobile[\\/]es[\\/]utils[\\/]render\.js$/, path.join(__dirname, 'antd-mobile-render.mjs')),
      new webpack.DefinePlugin({
        __KABUTO_SDK_CONTRACT__: JSON.stringify(SDK_CONTRACT),
        __KABUTO_SDK_VERSION__: JSON.stringify(SDK_VERSION),
        __KABUTO_PACKAGE_VERSION__: JSON.stringify(pkg.version),
      }),
    ],
  };
}

/**
 * The files of the named chunk groups whose name matches `pattern`, by the pattern's first
 * capture (or the whole name): those ending with one of `extensions`, each once, in chunk order.
 */
function chunkGroupFiles(compilation, pattern, extensions = ['.js']) {
  const byKey = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    const match = pattern.exec(name);
    if (!match) continue;
    const files = (byKey[match[1] ?? name] ??= []);
    for (const chunk of group.chunks)
      for (const file of chunk.files) if (extensions.some((ext) => file.endsWith(ext)) && !files.includes(file)) files.push(file);
  }
  return byKey;
}

/** File (next to mf-manifest.json) listing each page chunk's files; server/src/releases/preload.ts reads it. */
const PAGES_FILE = 'kabuto-pages.json';
/**
 * A remote's declaration of each page's first API calls, by route name (shared-sdk
 * remote/first-calls.ts): copied into PAGES_FILE as `calls`, so it is released with the code
 * that makes those calls and follows a rollback with it. The server checks it.
 */
const FIRST_CALLS_FILE = 'src/first-calls.json';

/**
 * Writes PAGES_FILE: for every chunk group named `page-<route-name-in-kebab-case>` (the
 * webpackChunkName of each page in a remote's routes.tsx), the files (scripts and
 * stylesheets) that group needs, its split-off vendor chunks included; and the files of each
 * language's texts (`texts-<lang>`). The federation manifest lists a
 * expose's async files only as one flat list, so it cannot say which of them one page
 * needs; with this the server preloads the opened page's chunks next to the remote entry
 * instead of the browser finding them only after ./routes has run.
 */
class PageChunksPlugin {
  constructor({ dir }) {
    this.firstCallsFile = path.join(dir, FIRST_CALLS_FILE);
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PageChunksPlugin', (compilation) => {
      // After hashing, so the names are the emitted ones.
      compilation.hooks.processAssets.tap({ name: 'PageChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const pages = chunkGroupFiles(compilation, /^page-/, ['.js', '.css']);
        // The page's own chunk last: its dependencies are what it waits for.
        for (const [name, files] of Object.entries(pages)) files.sort((a, b) => Number(a.startsWith(`${name}.`)) - Number(b.startsWith(`${name}.`)));
        const sorted = Object.fromEntries(
          Object.keys(pages)
            .sort()
            .map((key) => [key, pages[key]]),
        );
        // Each language's texts (webpackChunkName `texts-<lang>`, the remote's text-loaders.ts): the
        // server preloads the stored language's with the page, so they are not a round trip later.
        const texts = chunkGroupFiles(compilation, /^texts-([a-z]+)$/);
        const doc = { schema: 1, pages: sorted, texts };
        if (fs.existsSync(this.firstCallsFile)) {
          compilation.fileDependencies.add(this.firstCallsFile);
          // Invalid JSON fails the build here rather than a page load later.
          doc.calls = JSON.parse(fs.readFileSync(this.firstCallsFile, 'utf8'));
        }
        compilation.emitAsset(PAGES_FILE, new sources.RawSource(JSON.stringify(doc)));
      });
    });
  }
}

/**
 * A remote: exposes ./routes (and whatever else it lists). In `webpack serve` it also
 * builds its standalone host (src/standalone/index.tsx) for the feature team.
 */
function createRemoteConfig({ dir, name, exposes, devPort }) {
  return (_env, argv) => {
    const pkg = require(path.join(dir, 'package.json'));
    const mode = argv.mode || 'production';
    const serving = Boolean(process.env.WEBPACK_SERVE);
    const config = base({ dir, pkg, mode, cssPrefix: name });
    config.entry = serving ? { standalone: './src/standalone/index.tsx' } : {};
    // Code two pages share is split off into a file of its own only from 60 KB (webpack's
    // default: 20 KB). Below that it is copied into each page's file: one page, one or two
    // files, where the home page needed four of 4-7 KiB each, a round trip each on a phone
    // (see isFirstLoadModule). Lighthouse on home, alternated: LCP 2.87 -> 2.79 s.
    // The cost is copies: all seven of mf-market's pages, one after the other, fetch 129 KiB
    // gzip instead of 97, for 2 to 3 requests fewer on each page (home, market, stock details:
    // 58.6 -> 64.6 KiB, 12 -> 6 files).
    config.optimization = optimization({ minSize: 60000 });
    config.plugins.push(
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedDeps(),
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
        // The entry's federation runtime is the shell's (`externalRuntime`: runtime-core read
        // from the global that runtime-core-provider.mjs sets), and the part it keeps of its
        // own is without what a remote never does: load remotes of its own (another remote's
        // widget comes through the shell's loader) from their manifests (snapshots), or run in
        // Node. remoteEntry.js 27.4 -> 18.9 -> 8.9 KiB gzip, on every remote page's first load.
        // The shell keeps both: it loads the remotes by their manifests (with
        // snapshots disabled there, the manifest was run as a script). The team's standalone
        // host (`webpack serve`) has no shell, so there the entry keeps its own runtime.
        experiments: { externalRuntime: !serving, optimization: { disableSnapshot: true, disableRemote: true, target: 'web' } },
      }),
      new PageChunksPlugin({ dir }),
    );
    if (serving) {
      config.plugins.push(new HtmlWebpackPlugin({ title: `${name} standalone`, chunks: ['standalone'] }));
      config.devServer = {
        port: devPort,
        hot: false,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // Its own socket path: /ws belongs to the Kabuto server (live quotes), proxied below.
        webSocketServer: { type: 'ws', options: { path: '/__dev-server-ws' } },
        client: { webSocketURL: { pathname: '/__dev-server-ws' } },
        // The team's remote talks to a real Kabuto server started with `npm start`.
        proxy: [{ context: ['/api', '/uploads', '/ws'], target: 'http://localhost:8080', ws: true }],
      };
    }
    return config;
  };
}

/**
 * The shell's start, in one file instead of about 25: the shared singletons every
 * page starts with (React, Redux Toolkit), the SDK's main entry, and the style and
 * helper runtimes the shell's own start runs. A chunk per shared module would cost a phone a
 * request per file: HTTP/1.1 carries one at a time on each of six
 * connections, so 28 start-up files were about five round trips one after the other
 * (Lighthouse's slow-4G model: 150 ms each). Measured side by side on home (`npm run bench`'s
 * Lighthouse, alternated runs): LCP 3.36 -> 2.96 s. The federation runtime still finds each
 * shared module by its own name; they only travel together.
 */
const FIRST_LOAD_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'use-sync-external-store',
  '@reduxjs/toolkit',
  'immer',
  'reselect',
  'redux',
  'redux-thunk',
  'react-redux',
  // The page's texts: the first render waits for them (i18next, its backend, react-i18next).
  'i18next',
  'i18next-resources-to-backend',
  'react-i18next',
  'html-parse-stringify',
  'void-elements',
  '@standard-schema/utils',
  'style-loader',
  '@babel/runtime',
];
/** Single files of packages the start needs only in part (antd-mobile's React 19 render hook, css-loader's runtime). */
const FIRST_LOAD_FILES = [
  'antd-mobile/es/utils/unstable-render.js',
  'antd-mobile/es/utils/can-use-dom.js',
  'rc-util/lib/warning.js',
  'css-loader/dist/runtime/',
];
/**
 * The SDK's parts that the start does not need: the zod schemas (but the live events' names)
 * with the IPO draw they export, three rarely shown UIs, and the message catalogue's jp and en
 * texts (fetched for the page's language: messages/translate.ts).
 */
const SDK_LATER = [
  /^schemas\/(?!live-events\.js$)/,
  /^ipo\//,
  /^ui\/step-up-code-dialog/,
  /^ui\/image-upload-view/,
  /^ui\/standalone-host/,
  /^messages\/catalogue\/(jp|en)\//,
];

function isFirstLoadModule(module) {
  const resource = (module.resource || '').replace(/\\/g, '/');
  const sdk = /\/shared-sdk\/dist\/esm\/(.*)$/.exec(resource);
  if (sdk) return !SDK_LATER.some((pattern) => pattern.test(sdk[1]));
  const inPackage = /\/node_modules\/(.*)$/.exec(resource);
  if (!inPackage) return false;
  const file = inPackage[1];
  return FIRST_LOAD_PACKAGES.some((name) => file.startsWith(`${name}/`)) || FIRST_LOAD_FILES.some((prefix) => file.startsWith(prefix));
}

/** The shell: the only host; remotes are registered at run time from /remotes.json. */
function createHostConfig({ dir, name, devPort }) {
  return (_env, argv) => {
    const pkg = require(path.join(dir, 'package.json'));
    const mode = argv.mode || 'production';
    const config = base({ dir, pkg, mode, cssPrefix: name });
    config.entry = { main: './src/index.ts' };
    config.optimization = optimization({
      cacheGroups: {
        // Everything the shell needs before the first page can render, in one file
        // (isFirstLoadModule, above).
        firstLoad: {
          test: isFirstLoadModule,
          name: 'first-load',
          chunks: 'all',
          enforce: true,
          priority: 10,
        },
        // The federation plugin gives a shared module two async chunk groups, the one its
        // `provide` getter loads and the one its `consume` fallback loads. Below the default
        // minSize (20 KB) webpack gave each its own copy (same content, two files: 60.0c58
        // and 679.0c58, the SDK's ui; 325/706, react-dom; reselect three times), so the page
        // fetched both and preloaded the one the runtime does not use. Any module
        // two async chunks need goes into one chunk from 4 KB up (below that, a request
        // costs more than the copy).
        sharedAsync: {
          chunks: 'async',
          minChunks: 2,
          minSize: 4000,
          priority: -5,
          reuseExistingChunk: true,
        },
      },
    });
    config.plugins.push(
      new ModuleFederationPlugin({
        name,
        remotes: {},
        shared: sharedDeps(),
        // Load remotes on demand and reuse what is loaded: one dead remote must not
        // hang start-up (shared/research/mf-architecture.md §1.5).
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        // Browser only: the runtime's Node code leaves main.js (-1.5 KiB gzip).
        experiments: { optimization: { target: 'web' } },
        // The remote entries use this runtime instead of their own copy (runtime-core-provider.mjs).
        runtimePlugins: [require.resolve('./runtime-core-provider.mjs')],
      }),
      new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
    );
    config.devServer = {
      port: devPort,
      hot: false,
      proxy: [{ context: ['/api', '/uploads', '/ws', '/releases', '/remotes.json'], target: 'http://localhost:8080', ws: true }],
    };
    return config;
  };
}

module.exports = { createRemoteConfig, createHostConfig, chunkGroupFiles, minimizers, sharedDeps, SDK_CONTRACT, PAGES_FILE };

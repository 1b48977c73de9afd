// The shell's build: everything is decided by @kabuto/mf-build (loaders, naming,
// federation host options); see mf-build/index.js. Two additions for the first screen
//: preload links for the start-up chunks, and brotli/gzip copies of every file.
const zlib = require('zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { chunkGroupFiles, createHostConfig } = require('@kabuto/mf-build');

const hostConfig = createHostConfig({ dir: __dirname, name: 'shell', devPort: 3000 });

/**
 * Files (scripts and stylesheets) of the `bootstrap` chunk (src/index.ts) and of the shared modules it consumes
 * (react, react-dom, the SDK, ... which the federation runtime loads only after main.js
 * has run): as <link rel="preload"> they download in parallel with main.js instead of
 * after it. fetchpriority=low, like the deferred scripts themselves: they must not delay
 * the first paint of the static frame. The shell's lazy pages are not followed, they are not needed to start.
 */
class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const start = compilation.namedChunkGroups.get('bootstrap');
        if (!start) throw new Error('StartupPreloadPlugin: no chunk group named "bootstrap" (src/index.ts)');
        const files = new Set();
        const seen = new Set();
        const visit = (group) => {
          if (seen.has(group)) return;
          seen.add(group);
          for (const chunk of group.chunks) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
          for (const child of group.getChildren()) {
            if (child.origins.some((origin) => origin.module && origin.module.constructor.name === 'ConsumeSharedModule')) visit(child);
          }
        };
        visit(start);
        // The shared modules main.js itself may consume (its own consume-shared children).
        for (const entry of compilation.entrypoints.values()) {
          for (const child of entry.getChildren()) {
            if (child !== start && child.origins.some((origin) => origin.module && origin.module.constructor.name === 'ConsumeSharedModule')) visit(child);
          }
        }
        const already = new Set(data.headTags.concat(data.bodyTags).map((tag) => tag.attributes && tag.attributes.src));
        const links = [...files]
          .filter((file) => !already.has(file))
          .sort()
          .map((file) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'StartupPreloadPlugin' },
            attributes: { rel: 'preload', as: file.endsWith('.css') ? 'style' : 'script', href: file, fetchpriority: 'low' },
          }));
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

/**
 * kabuto-shell-texts.json: per language, the shell's own files of it (its texts, chunks
 * `shell-texts-<lang>`, and the message catalogue's, `messages-<lang>`). The server puts the
 * list in index.html and the boot script preloads the stored language's: the first render
 * waits for them, and found only when the shell runs they were a round trip late
 * (Lighthouse, home: LCP 2.19 -> 2.39 s without the preload).
 */
class LanguageFilesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('LanguageFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'LanguageFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const files = chunkGroupFiles(compilation, /^(?:shell-texts|messages)-([a-z]+)$/);
        compilation.emitAsset('kabuto-shell-texts.json', new sources.RawSource(JSON.stringify(files)));
      });
    });
  }
}

/** <file>.br and <file>.gz next to every text asset; the server sends them (@fastify/static preCompressed). */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      // After the real content hashes are in (OPTIMIZE_HASH): a copy made earlier would name old chunk files.
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          // index.html is rendered per request by the server, which compresses it then.
          if (!/\.(js|css|json|svg)$/.test(name)) continue;
          const bytes = source.buffer();
          if (bytes.length < 1024) continue;
          const brotli = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
          compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
          compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(bytes, { level: 9 })));
        }
      });
    });
  }
}

module.exports = (env, argv) => {
  const config = hostConfig(env, argv);
  config.plugins.push(new StartupPreloadPlugin(), new LanguageFilesPlugin());
  if (config.mode === 'production') config.plugins.push(new PrecompressPlugin());
  return config;
};

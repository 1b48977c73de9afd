// The operator console's build: a plain single-page app (no federation), served by the
// server at /ops (server/src/static/ops-console.ts). Same loaders and naming as the shell's
// (mf-build): TypeScript through ts-loader, the same minifier, content-hashed file names, and brotli/gzip copies
// the server sends precompressed.
const path = require('path');
const zlib = require('zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { minimizers } = require('@kabuto/mf-build');

/** <file>.br and <file>.gz next to every text asset (@fastify/static preCompressed). */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
          const buffer = source.buffer();
          if (buffer.length < 1024) continue;
          compilation.emitAsset(
            `${name}.br`,
            new sources.RawSource(zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
          );
          compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(buffer, { level: 9 })));
        }
      });
    });
  }
}

module.exports = (_env, argv) => {
  const production = (argv.mode || 'production') !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    devtool: production ? false : 'eval-cheap-module-source-map',
    entry: { main: './src/index.tsx' },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        { test: /\.tsx?$/, exclude: /node_modules/, use: { loader: require.resolve('ts-loader'), options: { transpileOnly: true } } },
        {
          // @refinedev/antd is one bundled file that imports a markdown renderer and ProLayout for
          // components the console does not use (it uses the notification provider). Those
          // packages do not say they are side-effect free, so webpack kept them; marked so, the
          // imports only the unused exports need are dropped.
          test: /[\\/]node_modules[\\/](?:react-markdown|remark-gfm|@ant-design[\\/]pro-[a-z-]+)[\\/]/,
          sideEffects: false,
        },
      ],
    },
    output: {
      path: path.join(__dirname, 'dist'),
      publicPath: '/ops/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    // The front end's one minifier (swc; mf-build says why).
    ...(production ? { optimization: { minimizer: minimizers() } } : {}),
    performance: { hints: false },
    plugins: [new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }), ...(production ? [new PrecompressPlugin()] : [])],
    devServer: {
      port: 3100,
      hot: false,
      devMiddleware: { publicPath: '/ops/' },
      proxy: [{ context: ['/api'], target: 'http://localhost:8080' }],
    },
  };
};

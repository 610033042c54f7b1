// Development: `npm run dev` (dev server, hot reload, /api and /assets proxied to the API server,
// history fallback). Production: `npm run build` into dist/ (content-hashed files, CSS in files,
// no eval anywhere so a strict Content-Security-Policy holds, admin code in its own chunks), and
// the server's render of the public pages into dist/server/render.cjs (see serverConfig).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import webpack, { type Compiler, type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The data router in the admin chunks only. Public pages run under react-router's declarative
 * <BrowserRouter> (src/app/AppRouter.tsx); the first admin page loads src/app/fullRouter.tsx,
 * which builds the data router the admin needs (lazy routes, useBlocker). webpack tree-shakes
 * per module for the whole build, not per chunk: since createBrowserRouter is used somewhere,
 * react-router's router module (about 15 KB gzipped) would follow the modules public pages
 * import, into the public vendor chunk. So fullRouter.tsx gets its own instances (webpack layer
 * "data-router") of react-router's entry and of the three modules that build and run a data
 * router, which reference each other. Every other react-router module (contexts, hooks, history,
 * matching) stays the one shared instance, so public components work under either router.
 */
const dataRouterLayer = (issuer: string) => ({
  apply(compiler: Compiler) {
    const layer = 'data-router';
    // react-router's entry and the three modules, in dist/production or dist/development.
    const own = ['index.js', 'lib/router/router.js', 'lib/components.js', 'lib/dom/lib.js'];
    const ownFile = (resource: string) => {
      const file = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][a-z]+[\\/]([^?]+)/.exec(resource)?.[1];
      return own.find((name) => name === file?.replaceAll('\\', '/'));
    };
    compiler.hooks.normalModuleFactory.tap('DataRouterLayer', (factory) => {
      factory.hooks.afterResolve.tap('DataRouterLayer', ({ contextInfo, createData }) => {
        const file = ownFile(createData.resource ?? '');
        if (contextInfo.issuer === issuer && file === 'index.js') createData.layer = layer;
        // Back to the default layer, null (which webpack's types leave out), for shared modules.
        else if (contextInfo.issuerLayer === layer) Object.assign(createData, { layer: file ? layer : null });
      });
    });
    // Fail the build, rather than quietly put the data router back in public pages, when a
    // react-router release moves these files.
    compiler.hooks.thisCompilation.tap('DataRouterLayer', (compilation) => {
      compilation.hooks.finishModules.tap('DataRouterLayer', (modules) => {
        const all = [...modules];
        if (!all.some((m) => m.nameForCondition() === issuer)) return;
        const copied = new Set(all.filter((m) => m.layer === layer).map((m) => ownFile(m.nameForCondition() ?? '')));
        const missing = own.filter((file) => !copied.has(file));
        if (missing.length > 0) {
          compilation.errors.push(
            new compiler.webpack.WebpackError(`dataRouterLayer: no data-router copy of react-router's ${missing.join(', ')}`),
          );
        }
      });
    });
  },
});

const apiServer = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? 8080}`;

// Lighter stand-ins for two of react-slick's dependencies (see src/lib/shims/).
const alias = {
  'resize-observer-polyfill$': root('./src/lib/shims/resizeObserver.ts'),
  'lodash.debounce$': root('./src/lib/shims/debounce.ts'),
};
const typescript = { test: /\.tsx?$/, exclude: /node_modules/, use: { loader: 'ts-loader', options: { transpileOnly: true } } };
const assetFilename = 'static/[name].[contenthash:10][ext]';

/**
 * The server renders the public pages with the very components the browser runs. The server runs
 * its TypeScript as is (Node's type stripping), which cannot load the client's code: TSX, CSS and
 * image imports, path aliases, and `server/` imports nothing from `src/`. So webpack builds the
 * client a second time, for Node, into one CommonJS file (every lazy chunk inlined, so a render
 * never waits for a file), which the server loads from dist/ at start-up, as it serves the
 * browser's bundle from there: `npm run build` builds both, `npm start` when either is missing or
 * older than the sources. CSS is the browser's business (not emitted); images keep the browser
 * build's URLs.
 */
const serverConfig = (production: boolean): Configuration => ({
  name: 'server',
  mode: production ? 'production' : 'development',
  target: 'node22',
  entry: { render: root('./src/entry-server.tsx') },
  output: {
    path: root('./dist/server'),
    filename: '[name].cjs',
    library: { type: 'commonjs2' },
    publicPath: '/',
    assetModuleFilename: assetFilename,
    clean: true,
  },
  devtool: false,
  resolve: { extensions: ['.tsx', '.ts', '.js'], alias },
  module: {
    rules: [
      typescript,
      { test: /\.css$/, type: 'asset/resource', generator: { emit: false } },
      { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  optimization: { minimize: false },
  performance: { hints: false },
});

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Array<Configuration & {
  devServer?: DevServerConfiguration;
}> => {
  const production = argv.mode !== 'development';
  const browser: Configuration & { devServer?: DevServerConfiguration } = {
    mode: production ? 'production' : 'development',
    target: ['web', 'es2020'],
    // boot.ts, the only script the HTML runs, starts main's scripts once the page is painted: its
    // own runtime (none: no imports), so that it depends on no other file.
    entry: { boot: { import: root('./src/boot.ts'), runtime: false }, main: root('./src/main.tsx') },
    output: {
      path: root('./dist'),
      publicPath: '/',
      filename: production ? 'static/[name].[contenthash:10].js' : 'static/[name].js',
      chunkFilename: production ? 'static/[name].[contenthash:10].js' : 'static/[name].js',
      assetModuleFilename: assetFilename,
      // dist/server is the server build's own.
      clean: { keep: /^server[\\/]/ },
    },
    // 'source-map' writes separate .map files: no eval, so script-src 'self' is enough.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias,
    },
    module: {
      rules: [
        typescript,
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      dataRouterLayer(root('./src/app/fullRouter.tsx')),
      // public/index.html writes the tags itself: boot.ts as a script that names main's scripts,
      // and the icon in the page (one request fewer beside the photo); /favicon.svg stays, the
      // JSON-LD's logo.
      new HtmlWebpackPlugin({
        template: root('./public/index.html'),
        favicon: root('./public/favicon.svg'),
        templateParameters: { icon: `data:image/svg+xml,${encodeURIComponent(readFileSync(root('./public/favicon.svg'), 'utf8').trim())}` },
        inject: false,
      }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'static/[name].[contenthash:10].css',
              chunkFilename: 'static/[name].[contenthash:10].css',
            }),
          ]
        : []),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      minimizeOptions: { javascript: { ecma: 2020, compress: { passes: 3 } } },
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3000),
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/assets'], target: apiServer }],
    },
  };
  // The dev server serves the browser's build only.
  return process.env.WEBPACK_SERVE ? [browser] : [browser, serverConfig(production)];
};

// Development: `npm run dev` (dev server, hot reload, /api and /assets proxied to the API server,
// history fallback). Production: `npm run build` into dist/ (content-hashed files, CSS in files,
// no eval anywhere so a strict Content-Security-Policy holds, admin code in its own chunks).
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiServer = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? 8080}`;

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & {
  devServer?: DevServerConfiguration;
} => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    target: ['web', 'es2020'],
    entry: { main: root('./src/main.tsx') },
    output: {
      path: root('./dist'),
      publicPath: '/',
      filename: production ? 'static/[name].[contenthash:10].js' : 'static/[name].js',
      chunkFilename: production ? 'static/[name].[contenthash:10].js' : 'static/[name].js',
      assetModuleFilename: 'static/[name].[contenthash:10][ext]',
      clean: true,
    },
    // 'source-map' writes separate .map files: no eval, so script-src 'self' is enough.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // Lighter stand-ins for two of react-slick's dependencies (see src/app/shims/).
      alias: {
        'resize-observer-polyfill$': root('./src/app/shims/resizeObserver.ts'),
        'lodash.debounce$': root('./src/app/shims/debounce.ts'),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: root('./public/index.html'),
        favicon: root('./public/favicon.svg'),
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
};

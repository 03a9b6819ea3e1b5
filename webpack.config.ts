import path from 'node:path';
import ForkTsCheckerWebpackPlugin from 'fork-ts-checker-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { DefinePlugin, type Configuration } from 'webpack';
import 'webpack-dev-server';

const root = __dirname;

/** The SPA bundle. `npm run dev` serves it with hot reload and proxies /api to the server. */
export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const mode = argv.mode ?? 'production';
  return {
    mode,
    entry: { main: path.join(root, 'src/client/main.tsx') },
    output: {
      path: path.join(root, 'dist/client'),
      filename: mode === 'production' ? 'assets/[name].[contenthash].js' : 'assets/[name].js',
      chunkFilename: mode === 'production' ? 'assets/[name].[contenthash].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash][ext]',
      publicPath: '/',
      clean: true,
    },
    devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@client': path.join(root, 'src/client'),
        '@shared': path.join(root, 'src/shared'),
        // react-router's exports map always selects its development build (warnings and all); both
        // entry points must switch together or the app would hold two router contexts.
        ...(mode === 'production' && {
          'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
          'react-router/dom$': path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
        }),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'ts-loader',
          options: { transpileOnly: true, configFile: path.join(root, 'tsconfig.json') },
        },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(root, 'public/index.html'), favicon: path.join(root, 'public/favicon.svg') }),
      // Type errors surface while developing; the production build (npm start) only transpiles, since
      // `npm run typecheck` is the gate and a server-side type error must not stop the web app building.
      ...(mode === 'development'
        ? [new ForkTsCheckerWebpackPlugin({ typescript: { configFile: path.join(root, 'tsconfig.json'), configOverwrite: { include: ['src/client', 'src/shared'] } } })]
        : []),
      // The API base URL defaults to the page's origin + /api; a build may point elsewhere.
      new DefinePlugin({ 'process.env.PARLEY_API_URL': JSON.stringify(process.env.PARLEY_API_URL ?? '') }),
    ],
    optimization: {
      // swc minifies several times faster than terser: the first `npm start` on a fresh clone waits for it.
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 } } })],
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          react: { test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, name: 'react', priority: 20 },
          // Only what the first page needs; MUI parts used by lazy screens alone stay in their chunks.
          mui: {
            test: /[\\/]node_modules[\\/]@mui[\\/](material|system|styled-engine|utils|icons-material)[\\/]/,
            name: 'mui',
            chunks: 'initial',
            priority: 10,
          },
          // The charts (Broadcast Analytics alone) stay out of the DataGrid's chunk, which every list screen loads.
          charts: {
            test: /[\\/]node_modules[\\/]@mui[\\/]x-charts(-vendor)?[\\/]/,
            name: 'charts',
            chunks: 'async',
            priority: 16,
          },
          // The DataGrid (several list screens) is one cacheable chunk, never part of the first load.
          dataGrid: {
            test: /[\\/]node_modules[\\/]@mui[\\/]x-[a-z-]+[\\/]/,
            name: 'data-grid',
            chunks: 'async',
            priority: 15,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 8080),
      historyApiFallback: true,
      hot: true,
      proxy: [{ context: ['/api'], target: `http://127.0.0.1:${process.env.PORT ?? 3000}` }],
    },
  };
};

import path from 'node:path';
import ForkTsCheckerWebpackPlugin from 'fork-ts-checker-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Configuration } from 'webpack';
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
      new ForkTsCheckerWebpackPlugin({ typescript: { configFile: path.join(root, 'tsconfig.json') } }),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          react: { test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, name: 'react', priority: 20 },
          mui: { test: /[\\/]node_modules[\\/]@mui[\\/](material|system|styled-engine|utils|icons-material)[\\/]/, name: 'mui', priority: 10 },
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

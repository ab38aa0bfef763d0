// Lint rules; the import fences keep rules/, table/ and the machines pure (no Node, DOM or edge folders); the folder
// arrows and the no-cycle rule are dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'net', 'http', 'https', 'crypto', 'stream', 'events', 'util', 'worker_threads', 'url', 'process', 'buffer', 'timers', 'readline', 'tty', 'zlib'];
const edgeFolders = ['**/hardware/**', '**/host/**', '**/contract/**', '**/renderer/**', '**/electron/**', 'serialport', 'better-sqlite3', 'electron', 'react', 'react-dom', 'ws'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'release/**', 'test-output/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['rules/**/*.ts'],
    ignores: ['rules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...nodeBuiltins, ...edgeFolders, '**/machines/**', 'xstate'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'require', 'Buffer', 'setTimeout', 'setInterval'],
    },
  },
  {
    files: ['machines/**/*.ts', 'table/**/*.ts', 'families/*/machines/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...nodeBuiltins, ...edgeFolders] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'require', 'Buffer', 'setTimeout', 'setInterval'],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: ['bin/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);

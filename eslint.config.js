// ESLint flat config. Not type-checked on purpose, to keep `npm run lint` fast.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './eslint-rules/feature-boundaries.js';
import moduleBoundaries from './eslint-rules/module-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      '.data*/**',
      'node_modules/**',
      'playwright-report/**',
      'test-results/**',
      'coverage/**',
      'bench/results/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx,js,jsx}'],
    languageOptions: {
      globals: { ...globals.browser },
    },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { motorpool: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'motorpool/feature-boundaries': 'error' },
  },
  {
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { server: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'server/module-boundaries': 'error' },
  },
);

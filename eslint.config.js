// ESLint flat config. Not type-checked on purpose, to keep `npm run lint` fast.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './eslint-rules/feature-boundaries.js';

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
    // Money code is reached through billing's public face, `modules/billing/index.ts`, and nothing
    // else (docs/billing.md, "Where the code lives"); inside billing, files import each other directly.
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    ignores: ['src/server/modules/billing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/billing/*', '**/billing/**'],
              message: "Import money code from 'modules/billing' (its index.ts), not from a file inside it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { motorpool: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'motorpool/feature-boundaries': 'error' },
  },
);

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noServer = {
  group: ['**/server/**', '@server/**'],
  message: 'Only src/server may import server code.',
};
const noClient = {
  group: ['**/client/**', '@client/**'],
  message: 'Only src/client may import client code.',
};

export default tseslint.config(
  {
    ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'public'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  // The three layers meet only in src/shared: client and server never import each other.
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noClient] }] },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noClient],
          // Loaded plainly, pg loads Node's fetch at each start (db/load-pg.ts says why).
          paths: [
            {
              name: 'pg',
              allowTypeImports: true,
              message: 'Load pg with loadPg() from db/load-pg.ts.',
            },
          ],
        },
      ],
    },
  },
  // Tests and their helpers may use pg as they like: no server start is measured there.
  {
    files: ['src/server/**/*.test.ts', 'src/server/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noClient] }] },
  },
  {
    files: ['src/client/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServer] }],
    },
  },
  // Features never import each other (shared -> features -> app): a feature reaches its own files
  // by relative paths, so from inside one, '@client/features/…' or '../../<other>/' would cross.
  {
    files: ['src/client/features/*/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              regex: '^(\\.\\./\\.\\./[^./]|@client/features/)',
              message:
                'Features may not import each other; move shared code to src/client/components or lib.',
            },
          ],
        },
      ],
    },
  },
);

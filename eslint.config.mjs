// One ESLint config for the whole repository (`npm run lint`, `npm run lint -- --fix`).
// Rules that catch bugs only: Prettier owns formatting (`npm run format`), so no
// stylistic rule lives here. Type-aware rules read the server's, e2e's and bench's own
// tsconfig.json through the project service, and the front end through tsconfig.lint.json;
// all map `@kabuto/shared-sdk` to the SDK's sources, so lint needs no build first.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRONT_END = ['shared-sdk/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'ops-console/src/**/*.{ts,tsx}'];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/coverage/',
      '.nx/',
      'data/',
      'releases/',
      'e2e/artifacts/',
      'bench/out/',
      // Deliberately bad imports that the architecture rules must refuse (scripts/architecture/).
      'scripts/architecture/fixtures/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    rules: {
      // Japanese text in comments may hold the ideographic space (U+3000): harmless there.
      'no-irregular-whitespace': ['error', { skipComments: true }],
    },
  },

  // Build, jest and helper scripts: CommonJS on Node.
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
  // Code the browser suite sends into the page runs there.
  {
    files: ['e2e/**/*.{js,ts}', 'bench/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // TypeScript: typescript-eslint's recommended set, plus the cheap type-aware rules that
  // find forgotten or misplaced promises.
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: {
        // mf-build has no tsconfig of its own: its ambient types are checked with the defaults.
        projectService: { allowDefaultProject: ['mf-build/*.d.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // `interface X extends Y {}` is how a module augments another's type (declaration merging).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // `_`-prefixed names are deliberately unused (e.g. a destructured field left out on purpose).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },

  // The SDK, the shell and the remotes as one program (see tsconfig.lint.json).
  {
    files: FRONT_END,
    languageOptions: { parserOptions: { projectService: false, project: ['./tsconfig.lint.json'], tsconfigRootDir: import.meta.dirname } },
  },

  // The house bans `any` from shipped code's types; tests and their kits read loose JSON answers.
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.ts', '**/test-utils/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // React: the rules of hooks and the React Compiler's checks of render purity.
  {
    files: FRONT_END,
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // A missing dependency is a stale value on screen: an error, not a warning.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);

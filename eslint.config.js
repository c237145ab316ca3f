// One flat config for the whole workspace: typed TypeScript rules everywhere, React rules in
// the web app, and formatting left to Prettier.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import serverBoundaries from './eslint/server-boundaries.js'
import webBoundaries from './eslint/web-boundaries.js'

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.test-data/**', '**/*.gen.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      curly: ['error', 'all'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify handlers and hooks are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Only config.ts, main.ts, scripts and the test harness read the environment.
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message:
            'Read configuration through apps/server/src/platform/config.ts, not process.env.',
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/platform/config.ts',
      'apps/server/test/**',
      'bench/**',
      'scripts/**',
      'test/**',
      '**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // TanStack Router throws redirect() and notFound() objects by design.
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  ...serverBoundaries,
  ...webBoundaries,
  prettier,
)

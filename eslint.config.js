import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * What no web client module may import. Restated where a later block adds patterns: a later block's
 * options for a rule replace an earlier block's.
 */
const webImportPatterns = [
  {
    group: ['@commons/server', '**/server/**'],
    message: 'The web client never imports the server.',
  },
  {
    group: ['@commons/shared/schemas'],
    message: 'Schemas are for the server; import their types from @commons/shared.',
    allowTypeImports: true,
  },
];

/**
 * A feature reaches another only through its public entry, features/<name>/index.ts: a relative path
 * that climbs `up` folders to features/ and then goes into a feature's folder is refused. Shared pieces
 * live in components/ or lib/. Lazy import() calls are held to the same rule.
 */
function featureBoundary(files, up) {
  const climb = up.replaceAll('.', '\\.');
  // features/<name>/<anything>: not '..' or '.', which would leave features/.
  const intoAnotherFeature = `^${climb}(?!\\.\\.?/)[^/]+/`;
  const message = 'Import another feature through its public entry (features/<name>/index.ts).';
  return {
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...webImportPatterns, { regex: intoAnotherFeature, message }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // esquery ends a /regex/ at its first slash, so the slashes are spelled \x2F.
          selector: `ImportExpression > Literal[value=/${intoAnotherFeature.replaceAll('/', '\\x2F')}/]`,
          message,
        },
      ],
    },
  };
}

/**
 * Lint enforces what review would otherwise repeat (STYLE.md): strict, type-aware TypeScript (no
 * floating promises), the rules of hooks, file names, and the direction of imports.
 */
/**
 * What no server module may import. Restated in the layer blocks below, whose patterns replace this
 * block's for their files (a later block's options win), so the rule holds in every server file.
 */
const serverImportPatterns = [
  {
    group: ['@commons/web', '**/web/src/**', 'react', 'react-dom'],
    message: 'The server never imports the web client.',
  },
];

/**
 * SQL lives in repositories (and in db/, the engine itself: pool, migrations, dump and restore). Other
 * server modules may import kysely's types only, and call no query builder. Restated in the layer blocks
 * below whose no-restricted-imports options replace the server block's.
 */
const sqlMessage = 'SQL lives in *.repository.ts: call a repository function instead.';
const kyselyTypesOnly = { name: 'kysely', message: sqlMessage, allowTypeImports: true };
const queryBuilderCall = {
  selector:
    'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|replaceInto|mergeInto)$/]',
  message: sqlMessage,
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'e2e/.artifacts/**',
      'bench/.data/**',
      'packages/server/scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify hooks and handlers are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  // One program for the whole server: its sources, the unit tests beside them and the API tests. Found
  // by the project service, each of the three would have a program of its own holding every source.
  {
    files: ['packages/server/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './packages/server/tsconfig.test.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  // Tests may be loose with values they parse from responses.
  {
    files: ['**/test/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: webImportPatterns }],
    },
  },
  featureBoundary(['packages/web/src/features/*/*.{ts,tsx}'], '../'),
  featureBoundary(['packages/web/src/features/*/*/*.{ts,tsx}'], '../../'),
  {
    files: ['packages/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: serverImportPatterns }],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.repository.ts', 'packages/server/src/db/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [kyselyTypesOnly], patterns: serverImportPatterns },
      ],
      'no-restricted-syntax': ['error', queryBuilderCall],
    },
  },
  // Layers never import upward: repositories hold SQL only, services know nothing of HTTP.
  {
    files: ['packages/server/src/**/*.repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportPatterns,
            {
              group: ['**/*.service.js', '**/*.routes.js', '**/*.presenter.js', 'fastify'],
              message: 'Repositories hold queries only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.service.ts', 'packages/server/src/**/*.presenter.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [kyselyTypesOnly],
          patterns: [
            ...serverImportPatterns,
            {
              group: ['**/*.routes.js', '**/http/**', 'fastify'],
              message: 'Services and presenters know nothing of HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', 'fastify', 'kysely', 'react'],
              message: 'Shared code depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  // File names: kebab-case with a role suffix on the server; PascalCase components in the web client.
  {
    files: ['packages/server/src/**/*.ts', 'packages/shared/src/**/*.ts', 'packages/web/src/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.tsx'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          'packages/web/src/app/routes/*.tsx': 'KEBAB_CASE',
          'packages/web/src/{components,features}/**/*.tsx': 'PASCAL_CASE',
        },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
);

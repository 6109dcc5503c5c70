import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// docs/naming.md rule 1: a domain noun is Spanish. These English ones have their Spanish word in the spec and the
// database (alumno, profesor, materia, inscripcion, examen, carrera, correlativa, periodo, cupo, calificacion or
// puntaje, listaEspera), so a declared name must not use them. Spec texts, routes and API fields are strings and
// properties, which the rule does not read.
const ENGLISH_DOMAIN = [
  'Student',
  'Professor',
  'Subject',
  'Inscription',
  'Exam(?!en|ple)',
  'Career',
  'Correlative',
  'Period(?!o)',
  'Seat',
  'Score',
  'Waitlist',
];
const englishDomainName = [
  `(${ENGLISH_DOMAIN.join('|')})s?(?![a-z])`,
  `^(${ENGLISH_DOMAIN.map((w) => w[0].toLowerCase() + w.slice(1)).join('|')})s?(?![a-z])`,
  `(^|_)(${ENGLISH_DOMAIN.map((w) => w.replace(/\(.*\)/, '').toUpperCase()).join('|')})S?(_|$)`,
].join('|');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/e2e/.results/**',
      'apps/api/drizzle/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/naming-convention': [
        'error',
        {
          selector: ['variable', 'function', 'parameter', 'typeLike'],
          format: null,
          custom: { regex: englishDomainName, match: false },
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Features never import each other (DESIGN.md): what two need goes to components/, lib/ or @arandu/shared.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*', '../../*/**', '!../../../**'],
              message: 'Una feature no importa otra: mueva lo compartido a components/ o lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // API modules talk through services (docs/decisions/020): a module never imports another module's
    // repository, types included; it asks that module's service, or the shared piece moves where both own it
    // (lib/, db/, a module's *.sql.ts fragments). Outside modules/ (server, cli, seed) the rule does not apply.
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/]+/[^/]*repository(\\.js)?$',
              message:
                'Un módulo no importa el repositorio de otro: pida a su servicio, o mueva lo compartido a lib/ o db/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON replies on purpose: the assertions are the type check there.
    files: ['**/test/**/*.ts', '**/*.test.{ts,tsx}', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: [
      'vitest.config.ts',
      '**/vitest.config.ts',
      '**/vite.config.ts',
      '**/drizzle.config.ts',
      '**/playwright.config.ts',
    ],
    extends: [tseslint.configs.disableTypeChecked],
  },
);

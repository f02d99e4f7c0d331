// ESLint (flat config) for the playground, issue 14 item 4: the recommended sets of ESLint,
// typescript-eslint and eslint-plugin-svelte, plus rules for the defects this project has had.
// Type-aware rules run only on the page and the workers (src/ui, src/main.ts, workers/), to keep
// `npm run lint` quick.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/** Issue 13, defect 4: a spread argument overflows V8's stack at about 125,000 elements. */
const NO_CALL_SPREAD = [
  { selector: 'CallExpression > SpreadElement', message: 'No spread arguments: a long array overflows the stack. Use pushAll / maxOf (src/core/util/arrays.ts) or a loop.' },
  { selector: 'NewExpression > SpreadElement', message: 'No spread arguments: a long array overflows the stack. Pass the array itself or loop.' },
];

/** Issue 13, defect 2: `key in table` is true for "toString", "__proto__", ... on a plain object. */
const NO_IN_WITH_COMPUTED_KEY = {
  selector: "BinaryExpression[operator='in'][left.type!='Literal'][left.type!='PrivateIdentifier']",
  message: '`key in obj` also finds inherited names ("constructor", "__proto__"): use hasOwnKey / ownValue (src/core/util/own.ts) or a Map.',
};

/** The core is deterministic: time is the injected clock, randomness the seeded generator, no I/O. */
const CORE_GLOBALS = [
  ...['setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'clearImmediate', 'requestAnimationFrame', 'requestIdleCallback'].map((name) => ({
    name,
    message: 'src/core has no real timers: schedule on the injected clock (core/util timers).',
  })),
  ...[
    'window',
    'document',
    'navigator',
    'location',
    'localStorage',
    'sessionStorage',
    'indexedDB',
    'fetch',
    'XMLHttpRequest',
    'WebSocket',
    'Worker',
    'self',
    'postMessage',
    'addEventListener',
    'alert',
  ].map((name) => ({
    name,
    message: 'src/core runs without a DOM (in Node too): the page and the workers talk to the browser.',
  })),
  ...['process', 'Buffer', 'require', '__dirname', '__filename', 'global'].map((name) => ({ name, message: 'src/core runs in the browser too: no Node globals.' })),
  { name: 'crypto', message: 'src/core is deterministic: use the seeded generator (core/util/random.ts).' },
];

export default defineConfig(
  {
    ignores: ['dist/', 'dist-cli/', 'packages/*/dist/', 'coverage/', '.ci-out/', 'oracle/target/', 'oracle/found/', 'src/core/wire/schemas/*.generated.ts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed parameters and destructured leftovers are deliberate
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `flex ? w.uvarint(0) : w.int32(-1);` is how the codec picks an encoding; a bare `a.b;` is still caught
      '@typescript-eslint/no-unused-expressions': ['error', { allowTernary: true, allowShortCircuit: true }],
      // the escapers and validators match control characters on purpose
      'no-control-regex': 'off',
      // Maps and Dates in the page are replaced, never mutated, in $state.raw (or only formatted): nothing to make reactive
      'svelte/prefer-svelte-reactivity': 'off',
      // the mustaches write braces, spaces and escapes that plain markup cannot
      'svelte/no-useless-mustaches': 'off',
    },
  },
  {
    // what ships: the page, the workers, the core and the CLI (tests and benchmarks spread small, bounded arrays)
    files: ['src/**/*.ts', 'src/**/*.svelte', 'workers/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_CALL_SPREAD, NO_IN_WITH_COMPUTED_KEY] },
  },
  {
    files: ['src/sw/sw.template.js'],
    // placeholders the build replaces (vite.config.ts, serviceWorkerPlugin)
    languageOptions: { globals: { __SGP_CACHE__: 'readonly', __SGP_ASSETS__: 'readonly', __SGP_ON_FIRST_USE__: 'readonly' } },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'oracle/**/*.ts'],
    rules: {
      // JSON Schema walkers and expected CLI layouts
      '@typescript-eslint/no-explicit-any': 'off',
      'no-regex-spaces': 'off',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'], svelteConfig } },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...CORE_GLOBALS],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'src/core is deterministic: use the seeded generator (core/util/random.ts).' },
        { object: 'Date', property: 'now', message: 'src/core reads time from the injected clock.' },
        { object: 'performance', property: 'now', message: 'src/core reads time from the injected clock.' },
      ],
      'no-restricted-syntax': [
        'error',
        ...NO_CALL_SPREAD,
        NO_IN_WITH_COMPUTED_KEY,
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'src/core reads time from the injected clock, not `new Date()`.' },
      ],
    },
  },
  {
    // type-aware, only where promises are: the page and the workers (tsconfig.eslint.json holds just
    // these files and what they import, so the type program stays small)
    files: ['src/ui/**/*.ts', 'src/ui/**/*.svelte', 'src/main.ts', 'workers/**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);

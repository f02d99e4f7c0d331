// Import rules for the playground (issue 14 item 3), checked by `npm run deps` in .ci/run.
// Layers: src/core is the pure, deterministic coordinator; the page (src/ui, src/main.ts), the web
// workers (workers/), the command line (src/cli) and the service worker (src/sw) sit on top of it.
// Inside src/core the editions (src/core/editions/<name>/) plug into the base; only the edition
// registries, src/core/editions/index.ts and (for the wire dialects) src/core/editions/wire.ts, are known to the base.

/** The npm packages the core may use: pure, no DOM, no Node built-ins. */
const CORE_PACKAGES = ['fflate', 're2js'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle ties modules that should layer: break it by moving the shared part down or passing it in.',
      from: { path: '^(src|workers)/' },
      to: { circular: true },
    },
    {
      name: 'core-not-to-app',
      severity: 'error',
      comment: 'src/core runs the same in the page, the workers, the CLI and the tests: it never imports the UI, the workers, the CLI or the service worker.',
      from: { path: '^src/core/' },
      to: { path: '^(src/(ui|cli|sw|embed)/|src/main\\.ts$|workers/)' },
    },
    {
      name: 'core-no-node-builtins',
      severity: 'error',
      comment: 'src/core has no I/O: no Node built-in modules (fs, path, node:*, ...). The CLI reads and writes files for it.',
      from: { path: '^src/core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-packages-no-node-builtins',
      severity: 'error',
      comment: `A package the core uses (${CORE_PACKAGES.join(', ')}) must not pull in a Node built-in as Node, Deno and Bun resolve it (the "node" export condition): import its browser build (fflate/browser), so the library runs unchanged in every runtime.`,
      from: { path: `(^|/)node_modules/(${CORE_PACKAGES.join('|')})/` },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-only-pure-packages',
      severity: 'error',
      comment: `src/core uses no DOM-only module (svelte, monaco-editor, virtua, comlink, ...): only the pure packages ${CORE_PACKAGES.join(', ')}.`,
      from: { path: '^src/core/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: `(^|/)node_modules/(${CORE_PACKAGES.join('|')})/` },
    },
    {
      name: 'embed-stays-small',
      severity: 'error',
      comment: 'The embed (src/embed, its own small bundle for other sites) uses the core only: not the app (Svelte, Monaco, the UI, the workers).',
      from: { path: '^src/embed/' },
      to: { path: '(^(src/(ui|cli|sw)/|src/main\\.ts$|workers/)|(^|/)node_modules/(svelte|monaco-editor|virtua|comlink)/|\\.svelte$)' },
    },
    {
      name: 'core-no-svelte-components',
      severity: 'error',
      comment: 'A .svelte file is UI: src/core never imports one.',
      from: { path: '^src/core/' },
      to: { path: '\\.svelte$' },
    },
    {
      name: 'base-not-to-editions',
      severity: 'error',
      comment:
        'The base (src/core outside editions/) never imports an edition; it reaches the editions only through the registries: src/core/editions/index.ts (editions) and src/core/editions/wire.ts (their wire dialects, pure data).',
      from: { path: '^src/core/', pathNot: '^src/core/editions/' },
      to: { path: '^src/core/editions/', pathNot: '^src/core/editions/(index|wire)\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve to a file or an installed package.',
      from: { path: '^(src|workers)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // the core's own packages are followed, so core-packages-no-node-builtins sees what they import
    doNotFollow: { path: `node_modules/(?!(${CORE_PACKAGES.join('|')})/)` },
    // type-only imports count: they tie the modules' designs together just as much
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // svelte: Svelte component libraries (paneforge) export their sources under that condition only, as Vite resolves them
      conditionNames: ['import', 'require', 'node', 'default', 'svelte'],
      extensions: ['.ts', '.js', '.mjs', '.svelte', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

// The import rules of .dependency-cruiser.cjs (issue 14 item 3), run by dependency-cruiser itself on a
// small tree written for the test: every rule must flag exactly the imports it is meant to, and pass the
// ones the layering allows (the UI and the CLI on the core, an edition on the base, the base on the
// edition registry).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const depcruise = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Path → content; the comment says what the rules must make of it. */
const tree: Record<string, string> = {
  'package.json': '{ "name": "fixture", "private": true, "type": "module", "dependencies": { "fflate": "*", "svelte": "*" } }',
  'tsconfig.json': '{ "compilerOptions": { "module": "esnext", "moduleResolution": "bundler", "allowImportingTsExtensions": true, "noEmit": true, "strict": true } }',
  // allowed: the base uses a pure package and the edition registry; an edition and the registry use the base
  'src/core/util.ts': "import { strToU8 } from 'fflate/browser';\nexport const bytes = (s: string) => strToU8(s);\n",
  'src/core/run.ts': "import { editions } from './editions/index.ts';\nexport const names = Object.keys(editions);\n",
  'src/core/editions/index.ts': "import { ak4 } from './ak4/edition.ts';\nexport const editions = { ak4 };\n",
  'src/core/editions/ak4/edition.ts': "import { bytes } from '../../util.ts';\nexport const ak4 = { bytes };\n",
  // base-not-to-editions
  'src/core/broker.ts': "import { ak4 } from './editions/ak4/edition.ts';\nexport const b = ak4;\n",
  // core-no-node-builtins, twice (a node: and a bare built-in)
  'src/core/io.ts': "import { readFileSync } from 'node:fs';\nimport { join } from 'path';\nexport const read = (d: string) => readFileSync(join(d, 'x'));\n",
  // core-packages-no-node-builtins: plain 'fflate' resolves, under the node condition, to fflate's Node build
  'src/core/deflate.ts': "import { deflateSync } from 'fflate';\nexport const squeeze = (b: Uint8Array) => deflateSync(b);\n",
  // embed-stays-small: the embed uses the core (allowed), not Svelte nor the UI
  'src/embed/page.ts':
    "import { names } from '../core/run.ts';\nimport { mount } from 'svelte';\nimport { label } from '../ui/lib/label.ts';\nexport const p: [string[], unknown, string] = [names, mount, label];\n",
  // core-only-pure-packages
  'src/core/mount.ts': "import { mount } from 'svelte';\nexport const m = mount;\n",
  // core-not-to-app: the UI (a module and a component, which is also core-no-svelte-components), the workers (even a type), the CLI
  'src/core/view.ts':
    "import App from '../ui/App.svelte';\nimport { label } from '../ui/lib/label.ts';\nimport type { Api } from '../../workers/api.ts';\nimport { main } from '../cli/main.ts';\nexport const v: [unknown, string, Api | null, unknown] = [App, label, null, main];\n",
  // no-circular, through a type-only import
  'src/core/cycle/a.ts': "import { b } from './b.ts';\nexport interface A { n: number }\nexport const a = b + 1;\n",
  'src/core/cycle/b.ts': "import type { A } from './a.ts';\nexport const b = 1;\nexport const zero: A = { n: 0 };\n",
  // allowed: the UI, the workers and the CLI use the core; the CLI uses Node
  'src/ui/lib/label.ts': "import { names } from '../../core/run.ts';\nexport const label = names.join(', ');\n",
  'src/ui/App.svelte': '<script lang="ts">\n  import { label } from \'./lib/label.ts\';\n</script>\n<p>{label}</p>\n',
  'src/cli/main.ts': "import { readFileSync } from 'node:fs';\nimport { bytes } from '../core/util.ts';\nexport const main = () => bytes(readFileSync(0, 'utf8'));\n",
  'workers/api.ts': "import { names } from '../src/core/run.ts';\nexport class Api { names = names; }\n",
  // not-to-unresolvable
  'src/ui/lib/missing.ts': "import { gone } from './gone.ts';\nexport const m = gone;\n",
};

const root = mkdtempSync(join(tmpdir(), 'sgp-deps-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function cruise(): Violation[] {
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  const r = spawnSync(process.execPath, [depcruise, 'src', 'workers', '--config', join(repo, '.dependency-cruiser.cjs'), '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(r.stderr).toBe('');
  return (JSON.parse(r.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('flag exactly the imports the layering forbids', () => {
    const found = cruise()
      .map((v) => `${v.rule.name}: ${v.from.replace(/^.*\/node_modules\//, 'node_modules/')} -> ${v.to.replace(/^.*node_modules\/([^/]+)\/.*$/, '$1')}`)
      .sort();
    expect(found).toEqual(
      [
        'base-not-to-editions: src/core/broker.ts -> src/core/editions/ak4/edition.ts',
        'core-no-node-builtins: src/core/io.ts -> fs',
        'core-no-node-builtins: src/core/io.ts -> path',
        'core-packages-no-node-builtins: node_modules/fflate/esm/index.mjs -> module',
        'core-packages-no-node-builtins: node_modules/fflate/esm/index.mjs -> worker_threads',
        'core-no-svelte-components: src/core/view.ts -> src/ui/App.svelte',
        'core-not-to-app: src/core/view.ts -> src/cli/main.ts',
        'core-not-to-app: src/core/view.ts -> src/ui/App.svelte',
        'core-not-to-app: src/core/view.ts -> src/ui/lib/label.ts',
        'core-not-to-app: src/core/view.ts -> workers/api.ts',
        'core-only-pure-packages: src/core/mount.ts -> svelte',
        'embed-stays-small: src/embed/page.ts -> src/ui/lib/label.ts',
        'embed-stays-small: src/embed/page.ts -> svelte',
        // one violation per cycle, at the edge where the cruise closes it
        'no-circular: src/core/cycle/a.ts -> src/core/cycle/b.ts',
        'not-to-unresolvable: src/ui/lib/missing.ts -> ./gone.ts',
      ].sort(),
    );
  });
});

// Builds the two npm packages from the sources in src/ (npm run build:packages; the pack test runs it too):
//
//   packages/core  streams-group-core: src/core/index.ts (the public API) bundled into one ES module, dist/index.js,
//                  with its .d.ts in dist/types; fflate (its browser build, fflate/browser) and re2js stay dependencies.
//   packages/cli   streams-group-cli: src/cli/main.ts bundled with its own copy of the core into dist/sgp.js, the
//                  `sgp` bin (a Node program: no tsx, no dev dependency at run time).
//
// esbuild bundles (it is what Cloudflare's wrangler bundles Workers with, and vite and tsx already use it); tsc writes
// the declarations. The output is readable: whitespace and syntax are minified, names are kept for stack traces.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const shared = { bundle: true, format: 'esm', target: 'es2022', minifyWhitespace: true, minifySyntax: true, legalComments: 'none', logLevel: 'warning' } as const;

export async function buildPackages(): Promise<void> {
  rmSync(at('packages/core/dist'), { recursive: true, force: true });
  rmSync(at('packages/cli/dist'), { recursive: true, force: true });
  await build({ ...shared, entryPoints: [at('src/core/index.ts')], outfile: at('packages/core/dist/index.js'), platform: 'neutral', packages: 'external' });
  execFileSync(process.execPath, [tsc, '-p', at('packages/core/tsconfig.json')], { cwd: repo, stdio: 'inherit' });
  await build({
    ...shared,
    entryPoints: [at('src/cli/main.ts')],
    outfile: at('packages/cli/dist/sgp.js'),
    platform: 'node',
    packages: 'external',
    banner: { js: '#!/usr/bin/env node' },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPackages();

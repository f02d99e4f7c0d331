// Builds the two npm packages from the sources in src/ (npm run build:packages; the pack test runs it too):
//
//   packages/core  streams-group-core: src/core/index.ts (the public API) bundled into one ES module, dist/index.js,
//                  with its declarations rolled up into one file, dist/index.d.ts.
//   packages/cli   streams-group-cli: src/cli/main.ts bundled with its own copy of the core into dist/sgp.js, the
//                  `sgp` bin (a Node program: no tsx, no dev dependency at run time).
//
// Neither package has a runtime dependency: the two packages the core uses, fflate (its browser build, fflate/browser,
// which has no Node built-in) and re2js, are bundled in, so an install is the package alone (a few hundred KB, where
// fflate's Node, browser and UMD builds and re2js's ESM, CJS and UMD builds came to 1.7 MB). Their licence notices
// go into each package's THIRD_PARTY_NOTICES, written here from node_modules/<name>/LICENSE for exactly the packages
// esbuild bundled.
//
// esbuild bundles (it is what Cloudflare's wrangler bundles Workers with, and vite and tsx already use it); tsc writes
// the declarations and dts-bundle-generator rolls them into one file (it keeps exactly what index.ts exports). The
// output is readable: whitespace and syntax are minified, names are kept for stack traces.
import { build, type Metafile } from 'esbuild';
import { generateDtsBundle } from 'dts-bundle-generator';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const shared = { bundle: true, format: 'esm', target: 'es2022', minifyWhitespace: true, minifySyntax: true, legalComments: 'none', logLevel: 'warning', metafile: true } as const;

/** The npm packages a bundle took code from (node_modules/<name>/... among its inputs), sorted. */
function bundledPackages(metafile: Metafile): string[] {
  const names = Object.keys(metafile.inputs).map((input) => /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]);
  return [...new Set(names.filter((name) => name !== undefined))].sort();
}

/** What a bundle still imports at run time (its external imports). */
function externalImports(metafile: Metafile): string[] {
  return Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path));
}

/** The licence notices of the bundled packages, each headed by its name, version and licence, from node_modules. */
function thirdPartyNotices(packages: readonly string[]): string {
  const sections = packages.map((name) => {
    const manifest = JSON.parse(readFileSync(at(`node_modules/${name}/package.json`), 'utf8')) as { version: string; license: string };
    const licence = readFileSync(at(`node_modules/${name}/LICENSE`), 'utf8').trim();
    return `${name} ${manifest.version} (${manifest.license})\n\n${licence}\n`;
  });
  return `This package bundles code from the following npm packages, under these licences.\n\n${sections.join('\n---\n\n')}`;
}

export async function buildPackages(): Promise<void> {
  for (const dir of ['packages/core/dist', 'packages/cli/dist']) rmSync(at(dir), { recursive: true, force: true });

  // the core: the public API and what it uses, one module that imports nothing, so no runtime, under any export
  // condition, can resolve a Node built-in from it (core-packages-no-node-builtins keeps the sources on fflate/browser)
  const core = await build({ ...shared, entryPoints: [at('src/core/index.ts')], outfile: at('packages/core/dist/index.js'), platform: 'neutral' });
  if (externalImports(core.metafile).length > 0) throw new Error(`the core bundle must import nothing, but imports ${externalImports(core.metafile).join(', ')}`);
  writeFileSync(at('packages/core/THIRD_PARTY_NOTICES'), thirdPartyNotices(bundledPackages(core.metafile)));

  const types = mkdtempSync(join(tmpdir(), 'sgp-types-'));
  try {
    execFileSync(process.execPath, [tsc, '-p', at('packages/core/tsconfig.json'), '--outDir', types], { cwd: repo, stdio: 'inherit' });
    // compiled as a consumer compiles them: no DOM, no Node types
    const options = { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022'], types: [], strict: true, noEmit: true };
    writeFileSync(join(types, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['index.d.ts'] }));
    const [rolledUp] = generateDtsBundle([{ filePath: join(types, 'index.d.ts'), output: { noBanner: true, exportReferencedTypes: false } }], {
      preferredConfigPath: join(types, 'tsconfig.json'),
    });
    writeFileSync(at('packages/core/dist/index.d.ts'), rolledUp!);
  } finally {
    rmSync(types, { recursive: true, force: true });
  }

  // the CLI: Node built-ins stay imports (it is a Node program); everything else is bundled in
  const cli = await build({ ...shared, entryPoints: [at('src/cli/main.ts')], outfile: at('packages/cli/dist/sgp.js'), platform: 'node', banner: { js: '#!/usr/bin/env node' } });
  const nonBuiltins = externalImports(cli.metafile).filter((path) => !path.startsWith('node:'));
  if (nonBuiltins.length > 0) throw new Error(`the CLI bundle must import only Node built-ins, but imports ${nonBuiltins.join(', ')}`);
  writeFileSync(at('packages/cli/THIRD_PARTY_NOTICES'), thirdPartyNotices(bundledPackages(cli.metafile)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPackages();

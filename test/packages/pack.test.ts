// Issue 21: pack, install, use. Builds the two npm packages (scripts/build-packages.ts), packs each with `npm pack`,
// installs the tarballs into a fresh project in a temp directory (as a user would, nothing from this repository
// besides the tarballs), then:
//   - `npx sgp check` and `sgp run --json` work on the examples;
//   - the library, imported from the installed package in Node, Deno, Bun, workerd and Chromium (a page and a Web
//     Worker), gives every example's trace digest equal to the sources' own (the runtimes are this repository's
//     devDependencies, installed by `npm ci` like everything else);
//   - its declarations type-check a consumer (module nodenext, no DOM, no Node types);
//   - the packages have no runtime dependency (fflate and re2js are bundled, with their licence notices), and the
//     core installs small: only its bundle, its rolled-up declarations, its README and the notices.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackages } from '../../scripts/build-packages.ts';
import { exportMarkdown, parseScenario, runScenario } from '../../src/core/index.ts';

const repo = resolve(import.meta.dirname, '../..');
const bin = (name: string) => join(repo, 'node_modules/.bin', name);
const CHROMIUM = '/usr/bin/chromium';
const consumerFiles = ['probe.mjs', 'main.mjs', 'worker.mjs', 'page.mjs', 'webworker.mjs', 'probe.capnp', 'edge.mjs', 'edge.capnp', 'consumer.ts', 'tsconfig.json'];

const examples: Record<string, string> = Object.fromEntries(
  readdirSync(join(repo, 'static/examples'))
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .sort()
    .map((f) => [f, readFileSync(join(repo, 'static/examples', f), 'utf8')]),
);

/** The digests the sources give, in this process: what every installed runtime must reproduce. */
function sourceDigests(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(examples)) {
    const parsed = parseScenario(text);
    const value = parsed.ok ? runScenario(parsed.scenario) : parsed.errors;
    out[name] = createHash('sha256').update(JSON.stringify(value)).digest('hex');
  }
  return out;
}

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

let root = '';
let app = '';
const packed: Record<string, Packed> = {};

function run(command: string, args: readonly string[], env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd: app, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
}

/** Bundles a worker module as wrangler does for Cloudflare: one ES module, the Workers export conditions. */
async function bundleWorker(entry: string, outfile: string): Promise<void> {
  await build({ entryPoints: [join(app, entry)], outfile: join(app, outfile), bundle: true, format: 'esm', platform: 'browser', conditions: ['workerd', 'worker', 'browser'], logLevel: 'warning' });
}

/** The bytes of the files under a directory. */
function treeSize(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name);
    return sum + (entry.isDirectory() ? treeSize(path) : statSync(path).size);
  }, 0);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Runs a command that must succeed; its stdout. */
function ok(command: string, args: readonly string[], env: Record<string, string> = {}): string {
  const r = run(command, args, env);
  expect(r.error, `${command} ${args.join(' ')}`).toBeUndefined();
  expect(r.status, `${command} ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sgp-pack-'));
  app = join(root, 'app');
  mkdirSync(app);
  await buildPackages();
  for (const name of ['core', 'cli']) {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', root], { cwd: join(repo, 'packages', name), encoding: 'utf8' });
    packed[name] = (JSON.parse(out) as Packed[])[0]!;
  }
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-project', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(root, packed.core!.filename), join(root, packed.cli!.filename)], {
    cwd: app,
    stdio: 'pipe',
  });
  for (const f of consumerFiles) copyFileSync(join(import.meta.dirname, 'consumer', f), join(app, f));
  copyFileSync(join(repo, 'examples/kip-report-worker/worker.mjs'), join(app, 'report.mjs'));
  writeFileSync(join(app, 'examples.json'), JSON.stringify(examples));
  for (const [name, text] of Object.entries(examples)) writeFileSync(join(app, name), text);
}, 240_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the packages, packed and installed into a fresh project', () => {
  it('the packages have no runtime dependency; the core installs as its bundle, declarations, README and notices, a few hundred KB', async () => {
    const core = packed.core!;
    const paths = core.files.map((f) => f.path).sort();
    expect(paths).toEqual(['README.md', 'THIRD_PARTY_NOTICES', 'dist/index.d.ts', 'dist/index.js', 'package.json']);
    expect(packed.cli!.files.map((f) => f.path).sort()).toEqual(['README.md', 'THIRD_PARTY_NOTICES', 'dist/sgp.js', 'package.json']);
    const installed = join(app, 'node_modules');
    for (const name of ['streams-group-core', 'streams-group-cli']) {
      const manifest = JSON.parse(readFileSync(join(installed, name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      expect(manifest.dependencies ?? {}, name).toEqual({});
      // fflate and re2js are bundled in: their MIT notices ship with the code
      const notices = readFileSync(join(installed, name, 'THIRD_PARTY_NOTICES'), 'utf8');
      for (const bundled of ['fflate', 're2js']) expect(notices, `${name}: ${bundled}`).toMatch(new RegExp(`^${bundled} \\S+ \\(MIT\\)\\n\\nMIT License\\n\\nCopyright`, 'm'));
    }
    // the whole installed tree is the two packages: nothing came along with them
    expect(readdirSync(installed).filter((f) => !f.startsWith('.'))).toEqual(['streams-group-cli', 'streams-group-core']);
    // the core's bundle imports nothing, so no runtime can resolve a Node built-in from it under any export condition
    const imports = await build({
      entryPoints: [join(installed, 'streams-group-core/dist/index.js')],
      bundle: true,
      packages: 'external',
      write: false,
      metafile: true,
      format: 'esm',
      logLevel: 'silent',
    });
    expect(Object.values(imports.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path))).toEqual([]);
    const coreSize = treeSize(join(installed, 'streams-group-core'));
    const cliSize = treeSize(join(installed, 'streams-group-cli'));
    console.log(`[pack] streams-group-core: tarball ${kb(core.size)}, installed ${kb(coreSize)}, ${paths.length} files; streams-group-cli: tarball ${kb(packed.cli!.size)}, installed ${kb(cliSize)}`);
    expect(coreSize).toBeLessThan(900 * 1024);
    expect(cliSize).toBeLessThan(1024 * 1024);
  });

  it('the library exports exactly its documented public API (packages/core/README.md)', () => {
    const names = JSON.parse(ok(process.execPath, ['--input-type=module', '-e', "import * as m from 'streams-group-core'; console.log(JSON.stringify(Object.keys(m).sort()))"])) as string[];
    // a name added here is a minor release, a name removed or changed a breaking one (semver)
    expect(names).toEqual(
      [
        ...['parseScenario', 'parseScenarioUnder', 'parseScenarioUnderRelease', 'SCENARIO_FORMAT_VERSION', 'runScenario', 'formatTrace', 'stepFlow'],
        ...['editionNames', 'VARIANTS', 'variantsFor', 'isVariant', 'KAFKA_RELEASES', 'compareScenario', 'formatComparison', 'explore'],
        ...['encodeMessage', 'decodeMessage', 'annotate', 'supportedVersions', 'defaultMessage', 'MESSAGE_KINDS', 'toHex', 'fromHex', 'WireError'],
        ...['encodeLink', 'decodeLink', 'exportMarkdown', 'sequenceDiagram', 'scenarioFromRequestLog', 'toRequestLogLines'],
      ].sort(),
    );
    // the rolled-up declarations declare exactly these values
    const declarations = readFileSync(join(app, 'node_modules/streams-group-core/dist/index.d.ts'), 'utf8');
    expect([...declarations.matchAll(/^export declare (?:function|const|class) (\w+)/gm)].map((m) => m[1]).sort()).toEqual(names);
    const readme = readFileSync(join(repo, 'packages/core/README.md'), 'utf8');
    expect(names.filter((n) => !readme.includes(`\`${n}`))).toEqual([]);
  });

  it('npx sgp check and sgp run --json work on the examples, with no dev dependency installed', () => {
    expect(existsSync(join(app, 'node_modules/tsx'))).toBe(false);
    const names = Object.keys(examples);
    const out = ok('npx', ['--no-install', 'sgp', 'check', ...names]);
    for (const name of names) expect(out).toContain(`${name}: ok`);
    const trace = JSON.parse(ok('npx', ['--no-install', 'sgp', 'run', '02-scale-out-revocation.json', '--json'])) as unknown;
    expect(createHash('sha256').update(JSON.stringify(trace)).digest('hex')).toBe(sourceDigests()['02-scale-out-revocation.json']);
  });

  it('the library gives every example the same trace digest in Node, Deno, Bun, workerd and Chromium (page and Web Worker)', async () => {
    const expected = sourceDigests();
    const digests: Record<string, unknown> = {};
    digests.node = JSON.parse(ok(process.execPath, ['main.mjs']));
    digests.deno = JSON.parse(ok(bin('deno'), ['run', '--no-lock', '--allow-read=.', 'main.mjs'], { DENO_DIR: join(root, 'deno'), DENO_NO_UPDATE_CHECK: '1' }));
    digests.bun = JSON.parse(ok(bin('bun'), ['main.mjs']));

    // workerd runs what wrangler would deploy: the worker bundled with the Workers export conditions
    await build({
      entryPoints: [join(app, 'worker.mjs')],
      outfile: join(app, 'worker.bundle.mjs'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      logLevel: 'warning',
    });
    const workerd = ok(bin('workerd'), ['test', 'probe.capnp']);
    digests.workerd = JSON.parse(/^DIGESTS (.*)$/m.exec(workerd)?.[1] ?? 'null');

    // Chromium, in a page and in a Web Worker: bundled for the browser, served over http from 127.0.0.1 (a secure
    // context, for Web Crypto)
    for (const entry of ['page', 'webworker']) {
      await build({ entryPoints: [join(app, `${entry}.mjs`)], outfile: join(app, `${entry}.bundle.js`), bundle: true, format: 'iife', platform: 'browser', logLevel: 'warning' });
    }
    writeFileSync(join(app, 'index.html'), '<!doctype html><meta charset="utf-8"><title>probe</title><script src="page.bundle.js"></script>');
    const server = createServer((req, res) => {
      const name = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
      if (!['index.html', 'page.bundle.js', 'webworker.bundle.js'].includes(name)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': name.endsWith('.html') ? 'text/html' : 'text/javascript' }).end(readFileSync(join(app, name)));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`);
      digests.chromium = await page.evaluate(() => (globalThis as unknown as { sgpDigests: Promise<unknown> }).sgpDigests);
      digests['chromium worker'] = await page.evaluate(
        () =>
          new Promise((done, fail) => {
            const worker = new Worker('webworker.bundle.js');
            worker.onmessage = (e) => done(e.data);
            worker.onerror = (e) => fail(new Error(e.message));
          }),
      );
    } finally {
      await browser.close();
      server.close();
    }

    for (const runtime of ['node', 'deno', 'bun', 'workerd', 'chromium', 'chromium worker']) expect(digests[runtime], runtime).toEqual(expected);
  });

  it('examples/kip-report-worker answers every example with its KIP report under workerd', async () => {
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const expected: Record<string, string> = {};
    for (const [name, text] of Object.entries(examples)) {
      const parsed = parseScenario(text);
      if (!parsed.ok) throw new Error(`${name} does not parse`);
      const variants = [...new Set([parsed.scenario.variant, ...(parsed.scenario.checkVariants ?? [])])];
      expected[name] = sha(
        exportMarkdown(
          parsed.scenario,
          variants.map((variant) => ({ variant, trace: runScenario({ ...parsed.scenario, variant }) })),
        ),
      );
    }
    await bundleWorker('report.mjs', 'report.bundle.mjs');
    await bundleWorker('edge.mjs', 'edge.bundle.mjs');
    interface Answer {
      status: number;
      type: string | null;
      mismatches: string | null;
      digest: string;
      head: string;
    }
    const out = JSON.parse(/^EDGE (.*)$/m.exec(ok(bin('workerd'), ['test', 'edge.capnp']))?.[1] ?? 'null') as { examples: Record<string, Answer>; link: Answer; invalid: Answer; get: Answer };
    for (const [name, digest] of Object.entries(expected)) {
      expect(out.examples[name], name).toEqual(expect.objectContaining({ status: 200, type: 'text/markdown; charset=utf-8', mismatches: '0', digest }));
    }
    const first = Object.keys(examples)[0]!;
    expect(out.link).toEqual(expect.objectContaining({ status: 200, digest: expected[first] }));
    expect(out.invalid.status).toBe(400);
    expect(out.invalid.head).toMatch(/^1:\d+: \$\.\w+: /);
    expect(out.get.status).toBe(405);
  });

  it("the package's declarations type-check a consumer (nodenext, no DOM, no Node types)", () => {
    ok(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.json']);
  });
});

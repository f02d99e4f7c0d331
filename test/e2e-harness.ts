// The end-to-end tests' set-up, shared by every test/e2e*.test.ts file: build the playground once per file (with
// the test hooks), serve it in-process with vite preview, drive Debian Chromium, and open pages that fail the test
// on a page error or a console error.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = '/usr/bin/chromium';
export const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const FIRST_LOAD_LIMIT_KB = 300;

/** The three sizes every view is looked at. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const WIDE = { width: 1920, height: 1080 } as const;
export const PHONE = { width: 390, height: 844 } as const;

let outDir = '';
let server: PreviewServer | undefined;
let browser: Browser | undefined;
let url = '';
/** Page errors and console errors seen during the current test (afterEach fails the test on any). */
export const problems: string[] = [];
const contexts: BrowserContext[] = [];

/** The build's directory (its sw.js and assets). */
export const builtDir = (): string => outDir;
/** The served playground's address. */
export const baseUrl = (): string => url;
/** The shared browser. */
export const theBrowser = (): Browser => browser!;

/** Records the page's errors and console errors in `problems`. */
export function watch(page: Page): Page {
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`, ...(process.env.SGP_E2E_STACKS ? [String(e.stack)] : [])));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  return page;
}

/** Loads the playground and waits until its first run is shown and the editor is up. */
export async function ready(page: Page, target = url): Promise<void> {
  await page.goto(target);
  await page.waitForFunction(() => !!window.__sgp?.app && (window.__sgp.app as { trace: unknown }).trace !== null, undefined, { timeout: 20000 });
  await page.waitForFunction(() => !!window.__sgp.editor, undefined, { timeout: 20000 });
}

export interface OpenOptions {
  /** The window's size (1280×800 unless told); `phone` picks 390×844 with touch. */
  viewport?: { width: number; height: number };
  phone?: boolean;
  /** More options for a new browser context (reduced motion, bypassCSP, …). */
  contextOptions?: BrowserContextOptions;
  /** Open the page in this context (another tab of the same browser profile) instead of a new one. */
  context?: BrowserContext;
  /** Called before the page loads (to listen to its requests). */
  before?: (page: Page) => void;
  /** The address to load (the playground unless told); `null` opens the page without loading anything. */
  url?: string | null;
}

/** A watched page in a fresh browser context (closed after the test), loaded and ready. */
export async function openPage(o: OpenOptions = {}): Promise<Page> {
  let ctx = o.context;
  if (!ctx) {
    const size = o.phone ? { viewport: PHONE, hasTouch: true, isMobile: true } : { viewport: o.viewport ?? DESKTOP };
    ctx = await browser!.newContext({ ...size, ...o.contextOptions });
    contexts.push(ctx);
  }
  const page = watch(await ctx.newPage());
  o.before?.(page);
  if (o.url !== null) await ready(page, o.url ?? url);
  return page;
}

/** Waits until no run is in flight and the trace matches the text. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const a = window.__sgp.app as { running: boolean; stale: boolean };
      return !a.running && !a.stale;
    },
    undefined,
    { timeout: 30000 },
  );
}

export const appField = <T>(page: Page, field: string) => page.evaluate((f) => (window.__sgp.app as Record<string, unknown>)[f], field) as Promise<T>;

/**
 * Opens a scenario tool's tab: by its tab when the row shows it, else through the row's "More" menu (the tools that
 * do not fit the pane's width are there).
 */
export async function openTool(page: Page, testId: string): Promise<void> {
  const tab = page.locator(`[data-testid=${testId}]`);
  if (!(await tab.isVisible())) {
    await page.click('[data-testid=tab-more]');
    await page.click(`[data-testid=more-${testId}]`);
  } else await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

export async function openExample(page: Page, file: string): Promise<void> {
  await page.click('[data-testid=tab-examples]');
  await page.click(`[data-testid=example][data-file="${file}"]`);
  await page.waitForFunction((f) => (window.__sgp.app as { example: string | null }).example === f, file);
  await settled(page);
  await page.click('[data-testid=tab-scenario]');
}

/** README screenshots go to docs/ only when asked for (SGP_SCREENSHOTS=1), so `npm test` leaves tracked files alone. */
export function screenshotPath(name: string): string {
  if (process.env.SGP_SCREENSHOTS !== '1') return join(outDir, name);
  mkdirSync(join(ROOT, 'docs'), { recursive: true });
  return join(ROOT, 'docs', name);
}

function firstLoadGzip(dir: string): { kb: number; files: string[] } {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]!).filter((r) => !r.startsWith('data:') && !r.startsWith('http'));
  let bytes = gzipSync(html).length;
  for (const r of refs) bytes += gzipSync(readFileSync(join(dir, r))).length;
  return { kb: bytes / 1024, files: refs };
}

/** Registers the file's hooks: the build, the server and the browser before all tests; after each, its pages close and no page error may remain. */
export function setupE2E(): void {
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`${CHROMIUM} is missing: the end-to-end tests need Debian's Chromium (apt-get install --no-install-recommends chromium fonts-liberation).`);
    }
    outDir = mkdtempSync(join(tmpdir(), 'sgp-e2e-'));
    // vitest sets NODE_ENV=test, which would make Vite emit a development build (dev Svelte, no service worker)
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    // a production build with the test hooks (window.__sgp), which user builds leave out
    process.env.VITE_SGP_TEST_HOOKS = '1';
    try {
      await build({ root: ROOT, mode: 'production', logLevel: 'warn', resolve: { conditions: ['module', 'browser', 'production'] }, build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = env;
      delete process.env.VITE_SGP_TEST_HOOKS;
    }
    const size = firstLoadGzip(outDir);
    console.log(`[e2e] first-load JS+CSS+HTML gzip: ${size.kb.toFixed(1)} KB (${size.files.join(', ')})`);
    expect(size.kb, 'first load must stay under the budget before Monaco loads').toBeLessThanOrEqual(FIRST_LOAD_LIMIT_KB);
    server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
    url = server.resolvedUrls!.local[0]!;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  }, 180000);

  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
    const p = problems.splice(0);
    expect(p, 'no page errors or console errors').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });
}

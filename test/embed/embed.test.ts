// Issue 21: a scenario in any page. A plain HTML page on one origin embeds two scenarios with <sgp-scenario> loaded
// from the playground's site on another origin: one by the URL of an example (step 3, the flow), one by a share
// link of a hostile scenario (markup and script in its title and labels; the group view). Each frame shows its
// timeline, view and "Open in the playground" link; the hostile one shows its markup as text, runs none of it, and
// cannot reach the host page (a sandboxed frame has an opaque origin).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedFiles } from '../../scripts/build-embed.ts';
import { decodeLink, encodeLink } from '../../src/core/index.ts';

const repo = resolve(import.meta.dirname, '../..');
const CHROMIUM = '/usr/bin/chromium';
const EXAMPLE = '02-scale-out-revocation.json';
const HOSTILE_TITLE = `<img src=x onerror="parent.document.title='pwned';window.top.pwned=1"></title><script>alert(1)</script>`;
const HOSTILE_LABEL = `a joins <svg onload="alert(2)"> {{constructor.constructor('alert(3)')()}}`;

const hostile = JSON.stringify(
  {
    format: 1,
    title: HOSTILE_TITLE,
    notes: '<iframe src="javascript:alert(4)"></iframe>',
    topics: [{ name: 'input', partitions: 2 }],
    topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['input'] }] },
    config: { 'group.streams.initial.rebalance.delay.ms': 0 },
    clients: { a: {} },
    steps: [{ client: 'a', do: 'join', label: HOSTILE_LABEL }],
  },
  null,
  2,
);

const TYPES: Record<string, string> = { html: 'text/html', css: 'text/css', js: 'text/javascript', json: 'application/json' };

/** A static server: path → body. CORS is open, as a static host serving the examples to other sites would be. */
async function serve(files: Record<string, string>): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = files[path];
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': `${TYPES[path.split('.').pop()!] ?? 'text/plain'}; charset=utf-8`, 'access-control-allow-origin': '*' });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let browser: Browser;
let site: { server: Server; origin: string };
let host: { server: Server; origin: string };
let page: Page;
const dialogs: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  const files: Record<string, string> = {};
  for (const [name, text] of Object.entries(await embedFiles())) files[`/sgp/${name}`] = text;
  files[`/sgp/examples/${EXAMPLE}`] = readFileSync(join(repo, 'static/examples', EXAMPLE), 'utf8');
  files['/sgp/'] = '<!doctype html><title>playground</title>';
  site = await serve(files);
  const hostPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A blog post</title></head>
<body>
  <h1>Scale out, step by step</h1>
  <sgp-scenario id="example" src="${site.origin}/sgp/examples/${EXAMPLE}" step="3" view="flow"></sgp-scenario>
  <sgp-scenario id="hostile" src="${site.origin}/sgp/${encodeLink(hostile, 0)}" view="group" height="300px"></sgp-scenario>
  <script src="${site.origin}/sgp/sgp-scenario.js"></script>
</body></html>`;
  host = await serve({ '/post.html': hostPage });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  page = await browser.newPage();
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${host.origin}/post.html`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  site?.server.close();
  host?.server.close();
});

/** The frame of an embed, once its page has rendered. */
async function embed(view: string): Promise<Frame> {
  await expect.poll(() => page.frames().find((f) => f.url().includes(`view=${view}`) && f.url().includes('#sgp='))).toBeTruthy();
  const frame = page.frames().find((f) => f.url().includes(`view=${view}`))!;
  await frame.waitForSelector('main.embed header');
  return frame;
}

describe('<sgp-scenario> in a plain page', () => {
  it('shows the example at step 3 in the flow view, with its timeline and a link to the playground', async () => {
    const frame = await embed('flow');
    expect(await frame.textContent('.title')).toBe('Scale out: revoke before you get');
    const steps = await frame.$$eval('.timeline button', (bs) => bs.map((b) => [b.querySelector('.label')!.textContent, b.getAttribute('aria-current')]));
    expect(steps.length).toBeGreaterThan(3);
    expect(steps.filter(([, current]) => current === 'true').map(([label]) => label)).toEqual([steps[3]![0]]);
    expect(await frame.$$eval('.flow svg g.selected', (gs) => gs.length)).toBeGreaterThan(0);
    expect(await frame.getAttribute('[role=tab][aria-selected=true]', 'role')).toBe('tab');
    expect(await frame.textContent('[role=tab][aria-selected=true]')).toBe('Flow');

    const link = await frame.$eval('a.open', (a) => [(a as HTMLAnchorElement).href, a.getAttribute('target')]);
    expect(link[0]!.startsWith(`${site.origin}/sgp/#sgp=2.`)).toBe(true);
    expect(link[1]).toBe('_blank');
    const opened = decodeLink(link[0]!);
    expect(opened.ok && opened.text === readFileSync(join(repo, 'static/examples', EXAMPLE), 'utf8') && opened.step === 3).toBe(true);

    // read-only: selecting another step changes the view and the link, and there is nothing to edit
    await frame.click('.timeline li:nth-child(2) button');
    expect(await frame.getAttribute('.timeline li:nth-child(2) button', 'aria-current')).toBe('true');
    expect(decodeLink(await frame.$eval('a.open', (a) => (a as HTMLAnchorElement).href))).toEqual(expect.objectContaining({ ok: true, step: 1 }));
    expect(await frame.$$eval('input, textarea, select, [contenteditable]', (es) => es.length)).toBe(0);
  });

  it("takes the app's theme (src/theme.css): light, and dark when the system prefers dark", async () => {
    const frame = await embed('flow');
    const colors = () => frame.evaluate(() => [getComputedStyle(document.body).backgroundColor, document.documentElement.dataset.theme]);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(colors).toEqual(['rgb(255, 255, 255)', 'light']);
    await page.emulateMedia({ colorScheme: 'dark' });
    // the app's dark --bg, #17191d
    await expect.poll(colors).toEqual(['rgb(23, 25, 29)', 'dark']);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('shows a hostile scenario as text: none of it runs, and the frame cannot reach the host page', async () => {
    const frame = await embed('group');
    expect(await frame.textContent('.title')).toBe(HOSTILE_TITLE);
    expect(await frame.textContent('.timeline .label')).toBe(HOSTILE_LABEL);
    expect(await frame.$$eval('img, script:not([src]), iframe, svg[onload]', (es) => es.length)).toBe(0);
    expect(await frame.$$eval('.group table tbody tr', (rows) => rows.length)).toBe(1);
    // an opaque origin: no access to the host's document, and no storage of its own
    expect(await frame.evaluate(() => self.origin)).toBe('null');
    expect(
      await frame.evaluate(() => {
        try {
          return parent.document.title;
        } catch (e) {
          return (e as Error).name;
        }
      }),
    ).toBe('SecurityError');
    expect(await page.title()).toBe('A blog post');
    expect(await page.evaluate(() => (window as unknown as { pwned?: unknown }).pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    // the frame is sandboxed to scripts and popups only: no same-origin, no top navigation, no forms
    const sandbox = await page.$$eval('sgp-scenario', (els) => els.length);
    expect(sandbox).toBe(2);
    const frameElement = await frame.frameElement();
    expect(await frameElement.getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox');
  });
});

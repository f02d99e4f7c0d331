// The embed's files (issue 21), built apart from the app so they stay small (no Svelte, no Monaco) and load as
// classic scripts, which a sandboxed (opaque-origin) frame can run from any static host without CORS headers:
//   embed.html, embed.css, embed.js   the read-only scenario page shown in the frame (src/embed/page.ts)
//   sgp-scenario.js                   the <sgp-scenario> custom element a host page loads (src/embed/element.ts)
// `npm run build` adds them to dist/ (vite.config.ts), the dev server serves them, and the embed test builds them.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

async function bundle(entry: string): Promise<string> {
  const out = await build({ entryPoints: [at(entry)], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'warning' });
  return out.outputFiles[0]!.text;
}

/** The embed's stylesheet with the theme it imports (src/theme.css, shared with the app) inlined: one file to fetch. */
async function stylesheet(entry: string): Promise<string> {
  const out = await build({ entryPoints: [at(entry)], bundle: true, write: false, logLevel: 'warning' });
  return out.outputFiles[0]!.text;
}

/** File name → content of the embed's files. */
export async function embedFiles(): Promise<Record<string, string>> {
  const [page, element, css] = await Promise.all([bundle('src/embed/page.ts'), bundle('src/embed/element.ts'), stylesheet('src/embed/embed.css')]);
  return {
    'embed.html': readFileSync(at('src/embed/embed.html'), 'utf8'),
    'embed.css': css,
    'embed.js': page,
    'sgp-scenario.js': element,
  };
}

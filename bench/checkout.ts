// An older commit's sources for a side-by-side benchmark: `git archive` of the given paths into a temporary
// directory that resolves packages from this checkout and compiles as this checkout does. Its package.json
// ("type": "module") and tsconfig.json go along: without them tsx compiled the older side as CommonJS, which
// alone made that side 10-15% slower (an A/A run of one commit against itself read 1.16x).
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** The commit's `paths` in a new temporary directory (the caller removes it); throws when the commit is unknown. */
export function checkoutCommit(commit: string, paths: readonly string[]): string {
  const dir = mkdtempSync(join(os.tmpdir(), `sgp-bench-${commit}-`));
  try {
    const tar = execFileSync('git', ['-C', root, 'archive', '--format=tar', commit, ...paths], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    for (const f of ['package.json', 'tsconfig.json']) copyFileSync(join(root, f), join(dir, f));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return dir;
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

// Issue 13, defect 4: spreading an array into a call's arguments (`Math.max(...rows)`, `push(...records)`)
// overflows the stack once the array is long enough (about 125,000 elements in V8). src/core/util/arrays.ts
// has pushAll and maxOf for that. The guard is the project's ESLint configuration (no-restricted-syntax on
// src and workers, run by `npm run lint` in CI); this test checks that the configured rule reports every
// form that overflows, in TypeScript and in Svelte scripts and markup, and leaves array and object spreads.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { maxOf, pushAll } from '../../src/core/util/arrays.ts';

const eslint = new ESLint();

/** The lines of the spread-argument findings for `text` linted as the file `path`. */
async function spreads(path: string, text: string): Promise<number[]> {
  const [result] = await eslint.lintText(text, { filePath: path });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.startsWith('No spread arguments')).map((m) => m.line);
}

describe('no array is spread into a call', () => {
  // (the page's and the workers' files are linted with type information, which a snippet has not; the rule is the same block)
  it('the lint rule finds the forms that overflow, in the core and the CLI', async () => {
    const ts = 'const n = Math.max(0, ...rows.map((r) => r.length));\nout.push(...records);\nnew Set(...xs);\n';
    for (const path of ['src/core/x.ts', 'src/cli/x.ts']) expect(await spreads(path, ts)).toEqual([1, 2, 3]);
  });

  it('and in a Svelte component, script and markup', async () => {
    expect(await spreads('src/core/X.svelte', '<script lang="ts">\n  const w = Math.min(...xs);\n</script>\n\n<p>{Math.max(...widths)}</p>\n')).toEqual([2, 5]);
  });

  it('array and object spreads are fine', async () => {
    expect(await spreads('src/core/x.ts', 'const a = [...xs, ...ys];\nconst o = { ...p };\nf(a, o);\n')).toEqual([]);
  });

  it('pushAll and maxOf take 200,000 elements (a spread of that many overflows)', () => {
    const big = Array.from({ length: 200_000 }, (_, i) => i);
    const out: number[] = [];
    pushAll(out, big);
    expect(out).toHaveLength(200_000);
    expect(maxOf(big, (x) => x, -1)).toBe(199_999);
    expect(maxOf([], (x: number) => x, 7)).toBe(7);
    expect(() => Math.max(...Array.from({ length: 2_000_000 }, () => 0))).toThrow(RangeError);
  });
});

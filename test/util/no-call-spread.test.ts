// Issue 13, defect 4: spreading an array into a call's arguments (`Math.max(...rows)`, `push(...records)`)
// overflows the stack once the array is long enough (about 125,000 elements in V8). No source file does
// it: src/core/util/arrays.ts has pushAll and maxOf for that. This test reads every script with
// TypeScript's parser and lists each spread argument it finds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { maxOf, pushAll } from '../../src/core/util/arrays.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.(ts|svelte)$/.test(p) ? [p] : [];
  });
}

/** `file:line: call` for every spread element that is an argument of a call or `new`. */
export function callSpreads(file: string, text: string): string[] {
  const out: string[] = [];
  const scripts = file.endsWith('.svelte') ? [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!) : [text];
  // Svelte markup expressions: `{f(...xs)}` and the like, read as expressions
  if (file.endsWith('.svelte')) for (const m of text.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '').matchAll(/\{([^{}]*\.\.\.[^{}]*)\}/g)) scripts.push(`(${m[1]!.replace(/^[#:/@][a-z]+\s/, '')});`);
  for (const script of scripts) {
    const sf = ts.createSourceFile(file, script, ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isSpreadElement(n) && (ts.isCallExpression(n.parent) || ts.isNewExpression(n.parent))) {
        out.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.parent.getText().slice(0, 80)}`);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

describe('no array is spread into a call', () => {
  it('src and workers have no spread arguments', () => {
    const files = [...sources('src'), ...sources('workers')];
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => callSpreads(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('the scan finds the forms that overflow', () => {
    expect(callSpreads('x.ts', 'const n = Math.max(0, ...rows.map((r) => r.length));\nout.push(...records);\nnew Set(...xs);')).toHaveLength(3);
    expect(callSpreads('x.svelte', '<script lang="ts">\nconst w = Math.min(...xs);\n</script>\n<p>{Math.max(...widths)}</p>')).toHaveLength(2);
    expect(callSpreads('x.ts', 'const a = [...xs, ...ys];\nconst o = { ...p };')).toEqual([]);
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

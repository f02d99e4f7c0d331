// Issue 14's done criterion "no base file names an edition": the base (src/core outside editions/ and variants/,
// generated files aside) reaches an edition only through the registries (src/core/editions/index.ts and wire.ts), so
// it holds no edition's name as a quoted string. The default protocol's name lives in the registry.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editionNames } from '../../src/core/editions/index.ts';
import { wireDialectNames } from '../../src/core/editions/wire.ts';

const ROOT = join(import.meta.dirname, '../..');
const CORE = join(ROOT, 'src/core');

/** The base's files: .ts under src/core, outside editions/ and variants/, not generated. */
function baseFiles(dir: string = CORE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    const rel = relative(CORE, path);
    if (e.isDirectory()) return rel === 'editions' || rel === 'variants' ? [] : baseFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.generated.ts') ? [path] : [];
  });
}

/** `'name'`, `"name"` or `` `name` `` anywhere in the text, with the line of each. */
function quotedNames(text: string, names: readonly string[]): { line: number; name: string }[] {
  const out: { line: number; name: string }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const name of names) for (const q of ["'", '"', '`']) if (line.includes(`${q}${name}${q}`)) out.push({ line: i + 1, name });
  });
  return out;
}

describe('no base file names an edition (issue 14)', () => {
  const names = [...new Set([...editionNames(), ...wireDialectNames()])];

  it('the check sees the base and the registered names', () => {
    const files = baseFiles().map((p) => relative(ROOT, p));
    expect(files).toContain('src/core/scenario/validate.ts');
    expect(files).toContain('src/core/wire/index.ts');
    expect(files.some((f) => f.startsWith('src/core/editions/') || f.startsWith('src/core/variants/') || f.endsWith('.generated.ts'))).toBe(false);
    expect(names).toEqual(expect.arrayContaining(['ak4', 'kip1071-draft']));
    // the matcher finds each quoting style, and not a name inside a longer one
    expect(quotedNames(`a = 'ak4'; b = "kip1071-draft"; c = \`ak4\`; d = 'ak4-x'`, names)).toEqual([
      { line: 1, name: 'ak4' },
      { line: 1, name: 'ak4' },
      { line: 1, name: 'kip1071-draft' },
    ]);
  });

  it('no base file holds a registered edition name in quotes', () => {
    const found = baseFiles().flatMap((p) => quotedNames(readFileSync(p, 'utf8'), names).map((h) => `${relative(ROOT, p)}:${h.line}: ${h.name}`));
    expect(found).toEqual([]);
  });
});

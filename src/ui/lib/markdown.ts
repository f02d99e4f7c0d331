// A tiny, safe Markdown subset for scenario notes: paragraphs, "* " / "- " bullets, **bold**, *em*,
// `code`. It produces tokens the component renders as elements, never HTML strings.

export type Inline = { kind: 'text' | 'strong' | 'em' | 'code'; text: string };
export type Block = { kind: 'p'; inlines: Inline[] } | { kind: 'ul'; items: Inline[][] } | { kind: 'h'; inlines: Inline[] };

export function inlines(s: string): Inline[] {
  const out: Inline[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|(?<![\w])_[^_\s][^_]*_(?![\w]))/g;
  let last = 0;
  for (const m of s.matchAll(re)) {
    const i = m.index ?? 0;
    if (i > last) out.push({ kind: 'text', text: s.slice(last, i) });
    const t = m[0];
    if (t.startsWith('**')) out.push({ kind: 'strong', text: t.slice(2, -2) });
    else if (t.startsWith('`')) out.push({ kind: 'code', text: t.slice(1, -1) });
    else out.push({ kind: 'em', text: t.slice(1, -1) });
    last = i + t.length;
  }
  if (last < s.length) out.push({ kind: 'text', text: s.slice(last) });
  return out;
}

export function blocks(md: string): Block[] {
  const out: Block[] = [];
  for (const chunk of md.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim());
    if (lines.length === 0) continue;
    if (lines.every((l) => /^\s*[*-]\s+/.test(l))) {
      out.push({ kind: 'ul', items: lines.map((l) => inlines(l.replace(/^\s*[*-]\s+/, ''))) });
    } else if (lines.length === 1 && /^#+\s/.test(lines[0]!)) {
      out.push({ kind: 'h', inlines: inlines(lines[0]!.replace(/^#+\s+/, '')) });
    } else {
      out.push({ kind: 'p', inlines: inlines(lines.join(' ')) });
    }
  }
  return out;
}

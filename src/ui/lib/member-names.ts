// The narration names members by their client's alias (a, b, c), as the step labels do, where the core's text
// has the member id (an id the broker generated, e.g. in a replayed request log); the id stays in a tooltip.

export interface NamePart {
  text: string;
  /** Set when `text` is an alias standing for this member id. */
  memberId?: string;
}

const patterns = new WeakMap<Record<string, string>, RegExp | null>();

function pattern(aliases: Record<string, string>): RegExp | null {
  let re = patterns.get(aliases);
  if (re === undefined) {
    const ids = Object.keys(aliases).sort((a, b) => b.length - a.length);
    // a whole id only: never the middle of a longer word, id or topic name
    re = ids.length ? new RegExp(`(?<![\\w-])(${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`, 'g') : null;
    patterns.set(aliases, re);
  }
  return re;
}

/** `line` in parts: each member id that has an alias becomes the alias (with the id), the rest stays text. */
export function namedByAlias(line: string, aliases: Record<string, string>): NamePart[] {
  const re = pattern(aliases);
  if (!re) return [{ text: line }];
  const out: NamePart[] = [];
  let last = 0;
  for (const m of line.matchAll(re)) {
    const i = m.index;
    if (i > last) out.push({ text: line.slice(last, i) });
    out.push({ text: aliases[m[1]!]!, memberId: m[1]! });
    last = i + m[0].length;
  }
  if (last < line.length) out.push({ text: line.slice(last) });
  return out;
}

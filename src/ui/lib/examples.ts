// The examples gallery and guided course, read at runtime from static/examples/index.json.
// The index may be a list, or an object with a list under "examples", "course" or "entries";
// each entry a file name or an object naming its file and describing it.

export interface ExampleEntry {
  file: string;
  title: string;
  summary: string;
  /** Position in the guided course (0-based), or null when not part of it. */
  lesson: number | null;
  tags: string[];
}

/** The number a file's name starts with ("11b" for 11b-offsets-retention.json), the one the notes use; null without one. */
export function lessonNumber(file: string): string | null {
  return /^(\d+[a-z]?)-/.exec(file)?.[1] ?? null;
}

export type ExamplesResult = { ok: true; entries: ExampleEntry[] } | { ok: false; message: string };

export async function loadExamples(fetcher: typeof fetch = fetch): Promise<ExamplesResult> {
  let raw: unknown;
  try {
    const r = await fetcher('./examples/index.json', { cache: 'no-cache' });
    if (!r.ok) return { ok: false, message: `The examples index is not available (HTTP ${r.status}).` };
    raw = await r.json();
  } catch (e) {
    return { ok: false, message: `The examples index could not be read: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { ok: true, entries: parseIndex(raw) };
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.length > 0 ? v : null;
}

export function parseIndex(raw: unknown): ExampleEntry[] {
  let list: unknown[] = [];
  if (Array.isArray(raw)) list = raw;
  else if (raw && typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    for (const k of ['course', 'examples', 'entries', 'lessons', 'items']) {
      if (Array.isArray(o[k])) {
        list = o[k] as unknown[];
        break;
      }
    }
  }
  const out: ExampleEntry[] = [];
  list.forEach((e, i) => {
    if (typeof e === 'string') {
      out.push({ file: e, title: e.replace(/\.json$/, ''), summary: '', lesson: i, tags: [] });
      return;
    }
    if (!e || typeof e !== 'object') return;
    const o = e as Record<string, unknown>;
    const file = str(o.file) ?? str(o.path) ?? str(o.name) ?? str(o.id);
    if (!file) return;
    const f = file.endsWith('.json') ? file : `${file}.json`;
    out.push({
      file: f.replace(/^\.?\/?(examples\/)?/, ''),
      title: str(o.title) ?? f.replace(/\.json$/, ''),
      summary: str(o.summary) ?? str(o.description) ?? str(o.teaches) ?? str(o.lesson) ?? '',
      lesson: o.course === false ? null : typeof o.order === 'number' ? o.order : i,
      tags: Array.isArray(o.tags) ? o.tags.filter((t): t is string => typeof t === 'string') : [],
    });
  });
  return out;
}

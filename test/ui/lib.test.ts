import { describe, expect, it } from 'vitest';
import { Autosave, STORAGE_KEY, type Work } from '../../src/ui/lib/autosave.ts';
import { appendStep, formatJson, moveStep, removeStep, stepCount } from '../../src/ui/lib/scenario-text.ts';
import { blocks } from '../../src/ui/lib/markdown.ts';
import { parseIndex } from '../../src/ui/lib/examples.ts';
import { heartbeatData, initialForm, parseTasksText } from '../../src/ui/lib/compose.ts';

class MemStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

const work = (text: string): Work => ({ text, selected: 0, branches: [], example: null });

describe('Autosave', () => {
  it('never overwrites a newer revision saved by another tab', () => {
    const storage = new MemStorage();
    const a = new Autosave(storage);
    const b = new Autosave(storage);
    a.adopt();
    b.adopt();
    expect(a.save(work('A1')).kind).toBe('saved');
    const out = b.save(work('B1'));
    expect(out.kind).toBe('conflict');
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).text).toBe('A1');
    expect(b.save(work('B1'), true).kind).toBe('saved');
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toMatchObject({ text: 'B1', rev: 2 });
    expect(a.save(work('A2')).kind).toBe('conflict');
  });

  it('survives garbage in storage', () => {
    const storage = new MemStorage();
    storage.setItem(STORAGE_KEY, '{not json');
    expect(new Autosave(storage).load()).toBeNull();
  });
});

const DOC = '{"format":1,"steps":[{"advance":1},{"advance":2},{"advance":3}]}';

describe('scenario text edits', () => {
  it('removes, moves and appends steps', () => {
    expect(JSON.parse(removeStep(DOC, 1)).steps).toEqual([{ advance: 1 }, { advance: 3 }]);
    expect(JSON.parse(moveStep(DOC, 0, 2)).steps).toEqual([{ advance: 2 }, { advance: 3 }, { advance: 1 }]);
    expect(JSON.parse(appendStep(DOC, { failover: true })).steps.at(-1)).toEqual({ failover: true });
    expect(stepCount(DOC)).toBe(3);
    expect(() => removeStep('{', 0)).toThrow(/not valid JSON/);
  });

  it('formats compactly and round-trips', () => {
    const v = { a: [1, 2, 3], b: { c: 'x,y' }, long: Array.from({ length: 40 }, (_, i) => i) };
    const s = formatJson(v);
    expect(JSON.parse(s)).toEqual(v);
    expect(s).toContain('"a": [1, 2, 3]');
    expect(s).toContain('"c": "x,y"');
  });
});

describe('markdown subset', () => {
  it('renders paragraphs, bullets and inline marks as tokens', () => {
    const b = blocks('Hello **b** and `x`.\n\n* one\n* *two*');
    expect(b[0]).toEqual({ kind: 'p', inlines: [{ kind: 'text', text: 'Hello ' }, { kind: 'strong', text: 'b' }, { kind: 'text', text: ' and ' }, { kind: 'code', text: 'x' }, { kind: 'text', text: '.' }] });
    expect(blocks('give up 0_2 and 0_3 _now_')[0]).toEqual({ kind: 'p', inlines: [{ kind: 'text', text: 'give up 0_2 and 0_3 ' }, { kind: 'em', text: 'now' }] });
    expect(b[1]).toMatchObject({ kind: 'ul', items: [[{ kind: 'text', text: 'one' }], [{ kind: 'em', text: 'two' }]] });
  });
});

describe('examples index', () => {
  it('accepts the shapes the index may take', () => {
    expect(parseIndex({ format: 1, examples: [{ file: 'a.json', title: 'A', summary: 's' }] })).toEqual([{ file: 'a.json', title: 'A', summary: 's', lesson: 0, tags: [] }]);
    expect(parseIndex(['x.json'])[0]).toMatchObject({ file: 'x.json', title: 'x' });
    expect(parseIndex(null)).toEqual([]);
  });
});

describe('compose', () => {
  it('builds heartbeat data with null, empty and listed owned tasks', () => {
    const f = initialForm(null);
    f.memberEpoch = 3;
    f.lists = { active: 'null', standby: 'empty', warmup: 'list' };
    f.tasks.warmup = '0:1,2 1:0';
    expect(heartbeatData(f, undefined, null)).toEqual({
      memberEpoch: 3,
      activeTasks: null,
      standbyTasks: [],
      warmupTasks: [
        { subtopologyId: '0', partitions: [1, 2] },
        { subtopologyId: '1', partitions: [0] },
      ],
    });
    expect(() => parseTasksText('zero')).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { Autosave, STORAGE_KEY, type Work } from '../../src/ui/lib/autosave.ts';
import { appendStep, formatJson, moveStep, removeStep, stepCount } from '../../src/ui/lib/scenario-text.ts';
import { blocks } from '../../src/ui/lib/markdown.ts';
import { lessonNumber, parseIndex } from '../../src/ui/lib/examples.ts';
import { labelLines } from '../../src/ui/lib/topology-layout.ts';
import { heartbeatData, initialForm, parseTasksText } from '../../src/ui/lib/compose.ts';
import { MemoryStorage } from './memoryStorage.ts';

const work = (text: string): Work => ({ text, selected: 0, branches: [], example: null });

describe('Autosave', () => {
  it('never overwrites a newer revision saved by another tab', () => {
    const storage = new MemoryStorage();
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
    const storage = new MemoryStorage();
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

  it("edits steps in place, keeping the user's formatting everywhere else", () => {
    const doc = [
      '{',
      '  "format": 1,  "title": "mine, [with] \\"odd\\" {text}",',
      '  "steps": [',
      '    { "advance": 1 },   // not JSON: replaced below',
      '    {"client":"a","do":"join"},',
      '    { "advance": 3,',
      '      "label": "three" }',
      '  ],',
      '  "notes": "after"',
      '}',
      '',
    ]
      .join('\n')
      .replace('   // not JSON: replaced below', '');
    expect(JSON.parse(doc).steps).toHaveLength(3);
    const removed = removeStep(doc, 1);
    expect(JSON.parse(removed).steps).toEqual([{ advance: 1 }, { advance: 3, label: 'three' }]);
    expect(removed).toBe(doc.replace('{"client":"a","do":"join"},\n    ', ''));
    const last = removeStep(doc, 2);
    expect(JSON.parse(last).steps).toHaveLength(2);
    expect(last).toContain('  "format": 1,  "title"');
    const moved = moveStep(doc, 2, 0);
    expect(JSON.parse(moved).steps.map((x: { advance?: number }) => x.advance ?? 'join')).toEqual([3, 1, 'join']);
    expect(moved.split('\n').slice(0, 2)).toEqual(doc.split('\n').slice(0, 2));
    expect(moved).toContain('{"client":"a","do":"join"}');
    const appended = appendStep(doc, { failover: true });
    expect(JSON.parse(appended).steps.at(-1)).toEqual({ failover: true });
    expect(appended).toContain('"label": "three" },\n    { "failover": true }\n  ],');
    expect(JSON.parse(appendStep('{ "steps": [] }', { advance: 5 })).steps).toEqual([{ advance: 5 }]);
    expect(JSON.parse(removeStep('{"steps":[{"advance":1}]}', 0)).steps).toEqual([]);
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
    expect(b[0]).toEqual({
      kind: 'p',
      inlines: [
        { kind: 'text', text: 'Hello ' },
        { kind: 'strong', text: 'b' },
        { kind: 'text', text: ' and ' },
        { kind: 'code', text: 'x' },
        { kind: 'text', text: '.' },
      ],
    });
    expect(blocks('give up 0_2 and 0_3 _now_')[0]).toEqual({
      kind: 'p',
      inlines: [
        { kind: 'text', text: 'give up 0_2 and 0_3 ' },
        { kind: 'em', text: 'now' },
      ],
    });
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

describe('labels and lesson numbers', () => {
  it('breaks a long topology label into two lines at a separator, cutting only past two lines', () => {
    expect(labelLines('orders')).toEqual(['orders']);
    expect(labelLines('app-0-changelog-with-a-long-name')).toEqual(['app-0-changelog-', 'with-a-long-name']);
    expect(labelLines('app-0-changelog-with-a-long-name').join('')).toBe('app-0-changelog-with-a-long-name');
    const cut = labelLines('x'.repeat(50));
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
  });

  it("numbers lessons by their files' numbers (11b stays 11b)", () => {
    expect(lessonNumber('01-first-join.json')).toBe('01');
    expect(lessonNumber('11b-offsets-retention.json')).toBe('11b');
    expect(lessonNumber('draft-initialize.json')).toBeNull();
  });
});

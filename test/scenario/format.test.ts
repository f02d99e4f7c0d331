import { describe, expect, it } from 'vitest';
import { formatTrace } from '../../src/core/scenario/format.ts';
import { sampleTrace } from './fixtures.ts';

describe('formatTrace', () => {
  it('renders a fixed-width table with details per step', () => {
    const out = formatTrace(sampleTrace());
    expect(out).toMatchInlineSnapshot(`
      "Sample  [protocol ak4, variant current]

      #  time ms  label            member  api                       error  epochs
      -  -------  ---------------  ------  ------------------------  -----  --------------------------
      0        0  a joins          a       StreamsGroupHeartbeat v1  NONE   member 1, group 1/1 Stable
         record  @0  StreamsGroupMemberMetadata  groupId=app memberId=a-1
         record  @1  StreamsGroupMetadata        groupId=app
         note    a joins the group; the group epoch goes to 1.
      1    45000  session expires          advance                          group 3/3 Empty
         record  @2  StreamsGroupCurrentMemberAssignment  groupId=app memberId=a-1  tombstone
         timer   45000 ms  session-timeout-app-a-1: fenced member a
         FAILED  $.steps[1].expect.group.state: expected "Stable", actual "Empty"
      2   105000  run a minute             run                              no group
         beat    50000 ms  b  NONE epoch 4

      topics at the end: app-repartition(2), input(2)
      1 expectation mismatch
      "
    `);
  });

  it('is deterministic and aligns every step row to the same columns', () => {
    const a = formatTrace(sampleTrace());
    expect(formatTrace(sampleTrace())).toBe(a);
    const lines = a.split('\n');
    const header = lines.find((l) => l.startsWith('#  time'))!;
    const starts = ['label', 'member', 'api', 'error', 'epochs'].map((h) => header.indexOf(h));
    const rows = lines.filter((l) => /^\d +\d+  /.test(l));
    expect(rows).toHaveLength(3);
    for (const r of rows) for (const s of starts) expect(r.slice(s - 2, s)).toBe('  ');
  });

  it('clips long labels and handles an empty trace', () => {
    const t = sampleTrace();
    t.steps[0]!.label = 'x'.repeat(100);
    expect(formatTrace(t)).toContain('x'.repeat(31) + '…');
    expect(formatTrace({ title: '', protocol: 'kip1071-draft', variant: 'current', steps: [], topics: {} })).toContain('(untitled scenario)');
  });
});

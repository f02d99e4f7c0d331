// No input ends in exit 3 (issue 22 item 2): every example, and every example restarted from its own log, with one
// field mutated (wrong type, null, removed; initialLog fields half the time), through sgp check, run, report, compare,
// explore and link; mutated request logs through sgp import. Every outcome is exit 0, 1 or 2, and a refused scenario
// names the JSON path. The CLI runs in-process (no process per case). SGP_MUTATION_RUNS scales the case count.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { cli } from '../cli/harness.ts';
import { MUTATION_BASES, everyRecordFieldMutation, mutatedRequestLog, mutatedScenario, type Mutation } from './mutation.ts';

/** Cases per command; 7 commands, 21,000 cases in all by default. */
const RUNS = Number(process.env.SGP_MUTATION_RUNS ?? 3000);

const COMMANDS: readonly { name: string; argv: string[]; input: fc.Arbitrary<Mutation> }[] = [
  { name: 'check', argv: ['check', 'f.json'], input: mutatedScenario },
  { name: 'run', argv: ['run', 'f.json'], input: mutatedScenario },
  { name: 'report', argv: ['report', 'f.json'], input: mutatedScenario },
  { name: 'compare', argv: ['compare', 'f.json', '--variant', 'current'], input: mutatedScenario },
  { name: 'explore', argv: ['explore', 'f.json', '--walks', '2', '--depth', '3'], input: mutatedScenario },
  { name: 'link', argv: ['link', 'f.json'], input: mutatedScenario },
  { name: 'import', argv: ['import', 'f.json'], input: mutatedRequestLog },
];

/** A refusal names where: a JSON path ($, $.steps[0]…), a log line (file:N:), or the run budget's limit. */
const NAMES_WHERE = /\$|f\.json:\d+:|the limit "playground\./;

describe('no input ends in exit 3 (internal error)', () => {
  it('has bases to mutate: every example, and the examples started from their own logs', () => {
    expect(MUTATION_BASES.filter((b) => b.name.endsWith('from its own log')).length).toBeGreaterThan(10);
  });

  // not left to sampling: every field of every record type, with a null, removed, and a value of each wrong kind
  const RECORD_TYPES = [
    'OffsetCommit',
    'GroupMetadata',
    'StreamsGroupMetadata',
    'StreamsGroupPartitionMetadata',
    'StreamsGroupMemberMetadata',
    'StreamsGroupTargetAssignmentMetadata',
    'StreamsGroupTargetAssignmentMember',
    'StreamsGroupCurrentMemberAssignment',
    'StreamsGroupTopology',
  ];
  const EVERY_FIELD = everyRecordFieldMutation();

  it(`sgp check: every field of every record type in an initialLog, mutated (${EVERY_FIELD.length} inputs), ends in exit 0, 1 or 2`, async () => {
    // the bases' logs hold every record type there is
    expect(RECORD_TYPES.filter((t) => !EVERY_FIELD.some((m) => m.base.includes(`(${t} `)))).toEqual([]);
    expect(EVERY_FIELD.length).toBeGreaterThan(1500);
    for (const m of EVERY_FIELD) {
      const r = await cli(['check', 'f.json'], { 'f.json': m.text }, runScenario);
      const where = `${m.base} at ${m.path}`;
      expect([0, 1, 2], `${where}: ${r.stderr}`).toContain(r.code);
      if (r.code === 2) expect(r.stderr, where).toMatch(NAMES_WHERE);
    }
  }, 600_000);

  for (const command of COMMANDS) {
    it(`sgp ${command.name}: ${RUNS} mutated inputs end in exit 0, 1 or 2`, async () => {
      await fc.assert(
        fc.asyncProperty(command.input, async (m) => {
          const r = await cli(command.argv, { 'f.json': m.text }, runScenario);
          const where = `${m.base} at ${m.path}`;
          expect([0, 1, 2], `${where}: ${r.stderr}`).toContain(r.code);
          if (r.code === 2) expect(r.stderr, where).toMatch(NAMES_WHERE);
        }),
        { numRuns: RUNS, seed: 22 },
      );
    });
  }
});

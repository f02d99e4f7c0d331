// Small page helpers of issue 20: times for people, the step under the editor's cursor, the import check.
import { expect, it } from 'vitest';
import { fmtMs, stepAtLine } from '../../src/ui/lib/view.ts';
import { notAScenario } from '../../src/ui/lib/scenario-text.ts';

it('prints simulated times for people', () => {
  expect(fmtMs(0)).toBe('0 ms');
  expect(fmtMs(250)).toBe('250 ms');
  expect(fmtMs(5000)).toBe('5 s');
  expect(fmtMs(12_500)).toBe('12.5 s');
  expect(fmtMs(600_000)).toBe('10 min 0 s');
  expect(fmtMs(645_000)).toBe('10 min 45 s');
  expect(fmtMs(7_500_000)).toBe('2 h 5 min');
});

it('finds the step whose JSON holds a line', () => {
  const lines = [10, 15, 22];
  expect(stepAtLine(lines, 3)).toBeNull();
  expect(stepAtLine(lines, 10)).toBe(0);
  expect(stepAtLine(lines, 14)).toBe(0);
  expect(stepAtLine(lines, 15)).toBe(1);
  expect(stepAtLine(lines, 40)).toBe(2);
  expect(stepAtLine([], 5)).toBeNull();
});

it('refuses a JSON object with none of a scenario fields, naming what it has', () => {
  expect(notAScenario('{"hello":1}')).toMatch(/not a scenario: it has "hello" and none of a scenario's fields/);
  expect(notAScenario('{"steps":[]}')).toBeNull();
  expect(notAScenario('{"format":1,"title":"x"}')).toBeNull();
});

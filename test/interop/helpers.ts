// Shared helpers for the interop tests.
import { readFileSync } from 'node:fs';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import type { Scenario } from '../../src/core/scenario/types.ts';

export const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

export function example(name: string): Scenario {
  const p = parseScenario(readFileSync(new URL(`../../static/examples/${name}`, import.meta.url), 'utf8'));
  if (!p.ok) throw new Error(`${name}: ${JSON.stringify(p.errors)}`);
  return p.scenario;
}

/** Parses a scenario document (as JSON text) and fails the test with its errors when it is invalid. */
export function valid(s: Scenario): Scenario {
  const p = parseScenario(JSON.stringify(s));
  if (!p.ok) throw new Error(`invalid scenario: ${JSON.stringify(p.errors.slice(0, 5))}`);
  return p.scenario;
}

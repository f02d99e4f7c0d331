// Scenario text -> Scenario: the positioned JSON parser (json.ts), then validation against the format
// (validate.ts), which fills the format's defaults.
import { parseJson, type JsonNode, type ParseResult } from './json.ts';
import { validateScenario } from './validate.ts';

export * from './json.ts';

/** Parses and validates a scenario document, filling the format's defaults. */
export function parseScenario(text: string): ParseResult {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  return validateScenario(parsed.root);
}

/**
 * Parses and validates a scenario as if its `variant` were `variant` (what `sgp explore --variant` runs): a scenario
 * that uses what the variant lacks (e.g. heartbeat v2) gets the validator's errors, at the lines of the text.
 */
export function parseScenarioUnder(text: string, variant: string): ParseResult {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  const root = parsed.root;
  if (root.kind !== 'object') return validateScenario(root);
  // the same document with "variant" set (nodes are immutable: a new root with the entry replaced or added)
  const value: JsonNode = { kind: 'string', pos: root.pos, value: variant };
  const has = root.entries.some((e) => e.key === 'variant');
  const entries = has
    ? root.entries.map((e) => (e.key === 'variant' ? { key: e.key, keyPos: e.keyPos, value: { kind: 'string' as const, pos: e.value.pos, value: variant } } : e))
    : [...root.entries, { key: 'variant', keyPos: root.pos, value }];
  return validateScenario({ kind: 'object', pos: root.pos, entries });
}

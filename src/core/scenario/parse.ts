// Scenario text -> Scenario: the positioned JSON parser (json.ts), then validation against the format
// (validate.ts), which fills the format's defaults.
import { parseJson, type JsonNode, type ParseResult } from './json.ts';
import { validateScenario } from './validate.ts';

type ObjectNode = Extract<JsonNode, { kind: 'object' }>;

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
  return parseScenarioAs(text, { variant });
}

/**
 * Parses and validates a scenario as if its `kafka` were `release` (what `sgp check` runs for each of its
 * `checkReleases`, and `--kafka R`): a scenario that uses what the release lacks gets the validator's errors, with the
 * release named, at the lines of the text.
 */
export function parseScenarioUnderRelease(text: string, release: string): ParseResult {
  return parseScenarioAs(text, { kafka: release });
}

/** Parses and validates a scenario with top-level string fields set (`variant`, `kafka`), as if the text said so. */
export function parseScenarioAs(text: string, fields: { readonly variant?: string; readonly kafka?: string }): ParseResult {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  if (parsed.root.kind !== 'object') return validateScenario(parsed.root);
  let root: ObjectNode = parsed.root;
  for (const [key, v] of Object.entries(fields)) if (v !== undefined) root = withEntry(root, key, v);
  return validateScenario(root);
}

/** The same object with `key` set to a string (nodes are immutable: a new node with the entry replaced or added). */
function withEntry(root: ObjectNode, key: string, value: string): ObjectNode {
  const has = root.entries.some((e) => e.key === key);
  const entries = has
    ? root.entries.map((e) => (e.key === key ? { key: e.key, keyPos: e.keyPos, value: { kind: 'string' as const, pos: e.value.pos, value } } : e))
    : [...root.entries, { key, keyPos: root.pos, value: { kind: 'string' as const, pos: root.pos, value } }];
  return { kind: 'object', pos: root.pos, entries };
}

// A consumer of the installed streams-group-core package, the same module in every runtime the pack test runs
// (Node, Deno, Bun, workerd, Chromium): every example's trace, digested with SHA-256 (Web Crypto, in all five).
import { parseScenario, runScenario } from 'streams-group-core';
import examples from './examples.json' with { type: 'json' };

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Example file name → the SHA-256 of JSON.stringify of its trace (or the parse errors, if it does not parse). */
export async function traceDigests() {
  const out = {};
  for (const [name, text] of Object.entries(examples)) {
    const parsed = parseScenario(text);
    const value = parsed.ok ? runScenario(parsed.scenario) : parsed.errors;
    out[name] = hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(value)))));
  }
  return out;
}

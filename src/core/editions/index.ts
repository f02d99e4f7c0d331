// The registry of protocol editions: a scenario's "protocol" name -> its Edition. The only file that names every
// edition; the composition roots (the scenario runner, the explorer, the validator, the CLI) look an edition up here
// once and hand the object to the engine (docs/adding-an-edition.md).
import type { Edition } from '../edition.ts';
import { AK4 } from './ak4/edition.ts';
import { KIP1071_DRAFT } from './kip1071-draft/edition.ts';

const REGISTRY = new Map<string, Edition>([
  [AK4.name, AK4],
  [KIP1071_DRAFT.name, KIP1071_DRAFT],
]);

/** The protocol a scenario runs when it names none: the shipped one. */
export const DEFAULT_PROTOCOL: string = AK4.name;

/** The edition a scenario's "protocol" names. */
export function editionNamed(name: string): Edition {
  const e = REGISTRY.get(name);
  if (!e) throw new Error(`no protocol edition ${JSON.stringify(name)} (known: ${[...REGISTRY.keys()].join(', ')})`);
  return e;
}

/** Adds an edition (a plug-in: a KIP draft's edition, or a test's); a name is registered once. */
export function registerEdition(edition: Edition): void {
  if (REGISTRY.has(edition.name)) throw new Error(`protocol edition ${JSON.stringify(edition.name)} is registered already`);
  REGISTRY.set(edition.name, edition);
}

/** The registered editions' names, in registration order. */
export function editionNames(): string[] {
  return [...REGISTRY.keys()];
}

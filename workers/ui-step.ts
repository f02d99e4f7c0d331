// The step the page receives from the worker; a module of its own so that the page's view helpers and
// the worker's trace store can both name it without importing each other (no import cycle).
import type { TraceStep } from '../src/core/scenario/types.ts';

/** A trace step plus the base offsets of the log batches it appended. */
export interface UiStep extends TraceStep {
  batchStarts: number[];
}

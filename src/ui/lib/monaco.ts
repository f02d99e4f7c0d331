// Monaco, JSON only. Loaded lazily by the Editor component (never part of the first load).
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import editorWorkerUrl from 'monaco-editor/editor/editor.worker?worker&url';
import jsonWorkerUrl from 'monaco-editor/languages/features/json/json.worker?worker&url';

/** Monaco's worker scripts, so the service worker can keep them for offline use. */
export const WORKER_URLS = [new URL(editorWorkerUrl, location.href).href, new URL(jsonWorkerUrl, location.href).href];

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(id: string, label: string): Worker };
  }
}

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

export const MODEL_URI = monaco.Uri.parse('inmemory://model/scenario.json');

let schemaLoaded: Promise<void> | null = null;
let schema: unknown = undefined;
let large = false;

/** Past this size the JSON language service (schema checks, completion, folding) is switched off. */
// (100 KB: with the full scenario schema, Monaco's JSON worker overflows its stack on a 3,000-step document of 140 KB)
export const LARGE_DOCUMENT_CHARS = 100_000;

function configure(): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: !large,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: schema && !large ? [{ uri: 'inmemory://schema/scenario.schema.json', fileMatch: [MODEL_URI.toString()], schema }] : [],
  });
}

/** Registers static/scenario.schema.json for validation, completion and hover. */
export function loadSchema(): Promise<void> {
  schemaLoaded ??= (async () => {
    try {
      const r = await fetch('./scenario.schema.json');
      if (r.ok) schema = await r.json();
    } catch {
      schema = undefined;
    }
    configure();
  })();
  return schemaLoaded;
}

/**
 * A large document (a 20,000-step scenario is about 1 MB) keeps only highlighting: the JSON service's
 * whole-document work on every edit (schema checks, completion, folding, symbols) is switched off.
 */
export function setLargeDocument(on: boolean): void {
  if (on === large) return;
  large = on;
  configure();
  const rich = !on;
  jsonDefaults.setModeConfiguration({
    documentFormattingEdits: rich,
    documentRangeFormattingEdits: rich,
    completionItems: rich,
    hovers: rich,
    documentSymbols: rich,
    tokens: true,
    colors: rich,
    foldingRanges: rich,
    diagnostics: rich,
    selectionRanges: rich,
  });
}

export { monaco };

// Test hooks on window.__sgp (used by the e2e tests; harmless for users).
import type { editor } from 'monaco-editor/editor';

export interface Hooks {
  editor: editor.IStandaloneCodeEditor | null;
  monaco: typeof import('monaco-editor/editor') | null;
  [k: string]: unknown;
}

export const hooks: Hooks = { editor: null, monaco: null };

declare global {
  interface Window {
    __sgp: Hooks;
  }
}

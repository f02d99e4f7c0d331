// Compare's room: its side-by-side table needs more than the scenario tools' column (about 420 px at 1280). In wide
// mode (the default; a toggle in Compare, kept in this browser) the tools column takes the timeline's room while the
// Compare tab is open, and the panes get their sizes back when it closes. Phones show one section at a time, so
// there the mode changes nothing.
import type { PaneGroupStorage } from 'paneforge';
import { MediaQuery } from 'svelte/reactivity';

const WIDE_KEY = 'sgp-compare-wide';
/**
 * The pane sizes before widening, kept until they are given back and the pane group has stored them (paneforge
 * stores 100 ms after a change, so a reload sooner would otherwise bring the widened layout back with no way out).
 */
const RESTORE_KEY = 'sgp-compare-restore';

/** The pane group's two calls this needs (paneforge's PaneGroup). */
export interface Layout {
  getLayout(): number[];
  setLayout(sizes: number[]): void;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // not kept: it still applies to this page
  }
}

/** Sizes (tools, timeline, views) in % from storage, or null when absent or not three numbers. */
export function parseSizes(text: string | null): number[] | null {
  if (text === null) return null;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.length === 3 && v.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0) ? (v as number[]) : null;
  } catch {
    return null;
  }
}

/** The wide layout: the timeline's share goes to the tools, the views keep theirs. */
export function widened([tools, timeline, views]: number[]): number[] {
  return [tools! + timeline!, 0, views!];
}

class CompareRoom {
  wide = $state(read(WIDE_KEY) !== 'off');
  /** One section at a time (App.svelte's phone layout, same width). */
  readonly #oneColumn = new MediaQuery('max-width: 900px');
  /** Given back, not yet stored by the pane group: a reload now must still give them back. */
  #givenBack = false;

  /** Whether the tools column takes the timeline's room now. */
  widens(comparing: boolean): boolean {
    return comparing && this.wide && !this.#oneColumn.current;
  }

  setWide(on: boolean): void {
    this.wide = on;
    write(WIDE_KEY, on ? 'on' : 'off');
  }

  /** Widens the tools column (`on`) or gives the panes back the sizes they had before. */
  apply(group: Layout, on: boolean): void {
    const saved = this.#givenBack ? null : parseSizes(read(RESTORE_KEY));
    if (on && !saved) {
      const now = group.getLayout();
      if (now.length !== 3) return;
      this.#givenBack = false;
      write(RESTORE_KEY, JSON.stringify(now));
      group.setLayout(widened(now));
    } else if (!on && saved) {
      // the sizes stay in storage until the pane group has stored them itself (stored())
      this.#givenBack = true;
      group.setLayout(saved);
    }
  }

  /** The pane group stored its layout: sizes given back before this are safe there. */
  stored(): void {
    if (!this.#givenBack) return;
    this.#givenBack = false;
    write(RESTORE_KEY, null);
  }

  /** The pane group's storage: the browser's, telling this room when a layout is stored. */
  readonly storage: PaneGroupStorage = {
    getItem: (name) => read(name),
    setItem: (name, value) => {
      write(name, value);
      this.stored();
    },
  };
}

export const compareRoom = new CompareRoom();

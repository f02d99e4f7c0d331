// Autosave to localStorage with a revision counter, so two tabs never silently overwrite each
// other's newer work: a tab only writes over the revision it last saw; anything newer is a conflict.
import { crc32 } from '../../core/util/crc32.ts';

export interface Branch {
  name: string;
  text: string;
  createdAt: number;
  /** Kept when a share link replaced the work: these are capped (MAX_LINK_BRANCHES), oldest dropped first. */
  fromLink?: boolean;
}

/** Branches kept from opened links, at most: a stranger's links cannot fill the browser's storage. */
export const MAX_LINK_BRANCHES = 5;

/** The branches with `added` kept, and the oldest branches from links dropped past MAX_LINK_BRANCHES. */
export function withLinkBranch(branches: readonly Branch[], added: Branch): { branches: Branch[]; dropped: Branch[] } {
  const all = [...branches, { ...added, fromLink: true }];
  const fromLinks = all.filter((b) => b.fromLink).sort((a, b) => a.createdAt - b.createdAt);
  const dropped = fromLinks.slice(0, Math.max(0, fromLinks.length - MAX_LINK_BRANCHES));
  return { branches: all.filter((b) => !dropped.includes(b)), dropped };
}

/** A storage failure because the quota is full (the name and codes browsers use for it). */
export function isQuotaError(e: unknown): boolean {
  const x = e as { name?: unknown; code?: unknown } | null;
  return !!x && (x.name === 'QuotaExceededError' || x.name === 'NS_ERROR_DOM_QUOTA_REACHED' || x.code === 22 || x.code === 1014);
}

export interface Work {
  text: string;
  selected: number;
  branches: Branch[];
  /** The example this work started from (for "reset to example"). */
  example: string | null;
}

export interface SavedWork extends Work {
  rev: number;
  tab: string;
  savedAt: number;
}

export const STORAGE_KEY = 'sgp:work:v1';

export type SaveOutcome =
  | { kind: 'saved'; rev: number }
  | { kind: 'conflict'; theirs: SavedWork }
  /** `quota`: the storage is full (dropping old branches may make room). */
  | { kind: 'failed'; message: string; quota: boolean };

export class Autosave {
  readonly tab = Math.random().toString(36).slice(2, 10);
  /** The revision this tab's state is based on. */
  baseRev = 0;

  constructor(private readonly storage: Storage = localStorage) {}

  load(): SavedWork | null {
    let raw: string | null;
    try {
      raw = this.storage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
    return parseSaved(raw);
  }

  /** Loads and adopts the stored revision as this tab's base. */
  adopt(): SavedWork | null {
    const w = this.load();
    this.baseRev = w?.rev ?? 0;
    return w;
  }

  save(work: Work, force = false): SaveOutcome {
    const stored = this.load();
    if (!force && stored && stored.rev > this.baseRev && stored.tab !== this.tab) return { kind: 'conflict', theirs: stored };
    const rev = Math.max(stored?.rev ?? 0, this.baseRev) + 1;
    const saved: SavedWork = { ...work, rev, tab: this.tab, savedAt: Date.now() };
    try {
      this.storage.setItem(STORAGE_KEY, JSON.stringify(saved));
    } catch (e) {
      return { kind: 'failed', message: e instanceof Error ? e.message : String(e), quota: isQuotaError(e) };
    }
    this.baseRev = rev;
    return { kind: 'saved', rev };
  }

  /**
   * Saves after a save failed for space: drops branches, oldest first, until the work fits. The current text is
   * never dropped. Returns the outcome and the branches dropped (the work to keep in the page's state).
   */
  saveDroppingOldBranches(work: Work): { outcome: SaveOutcome; branches: Branch[]; dropped: Branch[] } {
    const oldestFirst = [...work.branches].sort((a, b) => a.createdAt - b.createdAt);
    const dropped: Branch[] = [];
    for (;;) {
      const branches = work.branches.filter((b) => !dropped.includes(b));
      const outcome = this.save({ ...work, branches }, true);
      if (outcome.kind !== 'failed' || !outcome.quota || dropped.length === oldestFirst.length) return { outcome, branches, dropped };
      dropped.push(oldestFirst[dropped.length] as Branch);
    }
  }

  /** Calls back when another tab saves a newer revision. */
  listen(onNewer: (theirs: SavedWork) => void): () => void {
    const h = (e: StorageEvent) => {
      if (e.key !== STORAGE_KEY) return;
      const w = parseSaved(e.newValue);
      if (w && w.rev > this.baseRev && w.tab !== this.tab) onNewer(w);
    };
    addEventListener('storage', h);
    return () => removeEventListener('storage', h);
  }
}

export function parseSaved(raw: string | null): SavedWork | null {
  if (!raw) return null;
  try {
    const w = JSON.parse(raw) as Partial<SavedWork>;
    if (typeof w.text !== 'string' || typeof w.rev !== 'number') return null;
    return {
      text: w.text,
      rev: w.rev,
      tab: typeof w.tab === 'string' ? w.tab : '',
      savedAt: typeof w.savedAt === 'number' ? w.savedAt : 0,
      selected: typeof w.selected === 'number' ? w.selected : 0,
      branches: Array.isArray(w.branches)
        ? w.branches.filter((b) => b && typeof b.text === 'string' && typeof b.name === 'string').map((b) => ({ ...b, createdAt: typeof b.createdAt === 'number' ? b.createdAt : 0 }))
        : [],
      example: typeof w.example === 'string' ? w.example : null,
    };
  } catch {
    return null;
  }
}

/** While a run is in flight: the CRC-32 of its text, so a text that killed the tab is not run again on reload. */
export const RUN_MARK_KEY = 'sgp:running:v1';

/** Notes that a run of `text` started (best effort: a storage that refuses it only loses the safeguard). */
export function markRunStarted(storage: Storage, text: string): void {
  try {
    storage.setItem(RUN_MARK_KEY, String(crc32(new TextEncoder().encode(text))));
  } catch {
    // no room: the run goes on without the mark
  }
}

/** Notes that the run finished (with a trace, errors or a cancel; a run whose worker died stays marked). */
export function markRunEnded(storage: Storage): void {
  try {
    storage.removeItem(RUN_MARK_KEY);
  } catch {
    // nothing to clear
  }
}

/** Whether the last page load started a run of this same text that never finished: the tab closed or died in it. */
export function runDidNotFinish(storage: Storage, text: string): boolean {
  try {
    return storage.getItem(RUN_MARK_KEY) === String(crc32(new TextEncoder().encode(text)));
  } catch {
    return false;
  }
}

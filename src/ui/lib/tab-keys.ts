// The keys of a tab row (WAI-ARIA tabs, roving tabindex): → and ← move to the next and previous tab, wrapping
// around, Home and End to the first and last. One rule for every tab row of the page.
import { tick } from 'svelte';

/** The tab a key moves the selection to from `current`, or null when the key is not a tab row's. */
export function tabAfterKey<T extends string>(key: string, tabs: readonly T[], current: T): T | null {
  const n = tabs.length;
  if (n === 0) return null;
  const i = Math.max(0, tabs.indexOf(current));
  if (key === 'ArrowRight') return tabs[(i + 1) % n]!;
  if (key === 'ArrowLeft') return tabs[(i + n - 1) % n]!;
  if (key === 'Home') return tabs[0]!;
  if (key === 'End') return tabs[n - 1]!;
  return null;
}

/**
 * A tab row's keydown (on its tablist): the key's tab is selected (`select`, awaited: a row may redraw first), then the
 * focus moves to the row's selected tab. A key that is not the row's is left to the page.
 */
export function onTabRowKey<T extends string>(e: KeyboardEvent, tabs: readonly T[], current: T, select: (tab: T) => unknown): void {
  const next = tabAfterKey(e.key, tabs, current);
  if (next === null) return;
  e.preventDefault();
  e.stopPropagation();
  const list = e.currentTarget as HTMLElement;
  void Promise.resolve(select(next))
    .then(() => tick())
    .then(() => list.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.focus());
}

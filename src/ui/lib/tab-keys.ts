// The keys of a tab row (WAI-ARIA tabs, roving tabindex): → and ← move to the next and previous tab, wrapping
// around, Home and End to the first and last. One rule for every tab row of the page.

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

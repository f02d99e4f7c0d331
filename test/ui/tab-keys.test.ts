// The one key rule of the page's tab rows (App's page sections, TabRow's tools and views).
import { expect, it } from 'vitest';
import { onTabRowKey, tabAfterKey } from '../../src/ui/lib/tab-keys.ts';

const TABS = ['Members', 'Flow', 'Log'] as const;

it('→ and ← move to the next and previous tab and wrap around; Home and End go to the ends', () => {
  expect(tabAfterKey('ArrowRight', TABS, 'Members')).toBe('Flow');
  expect(tabAfterKey('ArrowRight', TABS, 'Log')).toBe('Members');
  expect(tabAfterKey('ArrowLeft', TABS, 'Members')).toBe('Log');
  expect(tabAfterKey('ArrowLeft', TABS, 'Flow')).toBe('Members');
  expect(tabAfterKey('Home', TABS, 'Log')).toBe('Members');
  expect(tabAfterKey('End', TABS, 'Members')).toBe('Log');
});

it('other keys are not the row’s, and an empty row moves nowhere', () => {
  expect(tabAfterKey('Enter', TABS, 'Flow')).toBeNull();
  expect(tabAfterKey('ArrowDown', TABS, 'Flow')).toBeNull();
  expect(tabAfterKey('ArrowRight', [], 'x')).toBeNull();
});

it('a tab row’s keydown selects the key’s tab, then focuses the row’s selected tab; other keys are left to the page', async () => {
  const focused: string[] = [];
  let selected = 'Members';
  const row = {
    querySelector: (sel: string) => (sel === '[role=tab][aria-selected=true]' ? { focus: () => focused.push(selected) } : null),
  };
  const key = (k: string) => {
    const e = { key: k, currentTarget: row, prevented: false, stopped: false, preventDefault: () => (e.prevented = true), stopPropagation: () => (e.stopped = true) };
    return e;
  };
  const end = key('End');
  onTabRowKey(end as unknown as KeyboardEvent, TABS, 'Members', (t) => (selected = t));
  expect(selected).toBe('Log');
  expect([end.prevented, end.stopped]).toEqual([true, true]);
  await expect.poll(() => focused).toEqual(['Log']);
  const enter = key('Enter');
  onTabRowKey(enter as unknown as KeyboardEvent, TABS, 'Log', (t) => (selected = t));
  expect([selected, enter.prevented, enter.stopped]).toEqual(['Log', false, false]);
});

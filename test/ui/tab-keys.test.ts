// The one key rule of the page's tab rows (App's page sections, TabRow's tools and views).
import { expect, it } from 'vitest';
import { tabAfterKey } from '../../src/ui/lib/tab-keys.ts';

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

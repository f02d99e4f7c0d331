// The narration's member ids as their aliases: whole ids only, longest first, the rest of the text unchanged.
import { expect, it } from 'vitest';
import { namedByAlias } from '../../src/ui/lib/member-names.ts';

it('replaces whole member ids by their alias and keeps the id', () => {
  const aliases = { vwXWGwIzSr6ogyDoZgSuVQ: 'a', 'x-1': 'b', 'x-12': 'c' };
  expect(namedByAlias("vwXWGwIzSr6ogyDoZgSuVQ's target: x-12 and x-1, not x-123", aliases)).toEqual([
    { text: 'a', memberId: 'vwXWGwIzSr6ogyDoZgSuVQ' },
    { text: "'s target: " },
    { text: 'c', memberId: 'x-12' },
    { text: ' and ' },
    { text: 'b', memberId: 'x-1' },
    { text: ', not x-123' },
  ]);
  expect(namedByAlias('no members here', {})).toEqual([{ text: 'no members here' }]);
});

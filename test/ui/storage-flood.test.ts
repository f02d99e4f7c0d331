// Storage that cannot be flooded (issue 22 item 6): branches kept from opened links are capped, oldest first, and a
// save that fails for space drops old branches (never the current work) when the user asks.
import { describe, expect, it } from 'vitest';
import { Autosave, MAX_LINK_BRANCHES, STORAGE_KEY, isQuotaError, markRunEnded, markRunStarted, runDidNotFinish, withLinkBranch, type Branch, type Work } from '../../src/ui/lib/autosave.ts';
import { MemoryStorage } from './memoryStorage.ts';

const TEN_K = 'x'.repeat(10_000);
const branch = (name: string, createdAt: number, fromLink = false): Branch => ({ name, text: `${name} ${TEN_K}`, createdAt, ...(fromLink ? { fromLink } : {}) });

describe('branches kept from opened links', () => {
  it(`keep at most ${MAX_LINK_BRANCHES}: opening more links drops the oldest, never a branch the user made`, () => {
    let branches: Branch[] = [branch('mine', 0)];
    const dropped: string[] = [];
    for (let i = 1; i <= MAX_LINK_BRANCHES + 3; i++) {
      const r = withLinkBranch(branches, branch(`link ${i}`, i));
      branches = r.branches;
      dropped.push(...r.dropped.map((b) => b.name));
    }
    expect(branches.map((b) => b.name)).toEqual(['mine', 'link 4', 'link 5', 'link 6', 'link 7', 'link 8']);
    expect(dropped).toEqual(['link 1', 'link 2', 'link 3']);
  });

  it('six 10k-character links no longer make every later save fail', () => {
    // room for the work and about five 10k branches
    const storage = new MemoryStorage(70_000);
    const autosave = new Autosave(storage);
    let work: Work = { text: 'first', selected: 0, branches: [], example: null };
    for (let i = 1; i <= 12; i++) {
      work = { ...work, branches: withLinkBranch(work.branches, { name: `before link ${i}`, text: `${work.text}${TEN_K}`.slice(0, 10_000), createdAt: i }).branches, text: `link ${i}` };
      expect(autosave.save(work).kind, `after link ${i}`).toBe('saved');
    }
    expect(work.branches).toHaveLength(MAX_LINK_BRANCHES);
  });
});

describe('a save that fails for space', () => {
  it('is reported as a quota failure, and dropping old branches (oldest first) saves the current work', () => {
    const storage = new MemoryStorage(32_000);
    const autosave = new Autosave(storage);
    const work: Work = { text: `current ${'y'.repeat(5_000)}`, selected: 0, branches: [branch('b3', 3), branch('b1', 1), branch('b2', 2), branch('b4', 4)], example: null };
    const failed = autosave.save(work);
    expect(failed).toMatchObject({ kind: 'failed', quota: true });
    const r = autosave.saveDroppingOldBranches(work);
    expect(r.outcome.kind).toBe('saved');
    expect(r.dropped.map((b) => b.name)).toEqual(['b1', 'b2']);
    expect(r.branches.map((b) => b.name)).toEqual(['b3', 'b4']);
    const stored = JSON.parse(storage.getItem(STORAGE_KEY)!) as Work;
    expect(stored.text).toBe(work.text);
  });

  it('never drops the current work: with every branch dropped and still no room, the save fails', () => {
    const storage = new MemoryStorage(1_000);
    const autosave = new Autosave(storage);
    const work: Work = { text: 'z'.repeat(5_000), selected: 0, branches: [branch('b1', 1)], example: null };
    const r = autosave.saveDroppingOldBranches(work);
    expect(r.outcome.kind).toBe('failed');
    expect(r.dropped.map((b) => b.name)).toEqual(['b1']);
  });

  it('tells a full storage from other failures', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(Object.assign(new Error('x'), { code: 22 }))).toBe(true);
    expect(isQuotaError(new Error('SecurityError: access denied'))).toBe(false);
  });
});

describe('a text whose run never finished', () => {
  it('is recognised on the next load (and only that text), so the page does not run it again by itself', () => {
    const storage = new MemoryStorage(100_000);
    markRunStarted(storage, 'hostile');
    // the tab died here: the mark stays
    expect(runDidNotFinish(storage, 'hostile')).toBe(true);
    expect(runDidNotFinish(storage, 'another text')).toBe(false);
    markRunStarted(storage, 'fine');
    markRunEnded(storage);
    expect(runDidNotFinish(storage, 'fine')).toBe(false);
  });
});

// [4.4] RackAwareStandbyPicker: picks standby processes that add diversity over `rack.aware.assignment.tags`.

/**
 * Per task: startTask(), markUsed() for every holder, then pickNext() per standby and markUsed() for the winner.
 * Processes are plain indices; the list order given to the constructor is the group's process order.
 */
export class RackAwareStandbyPicker {
  private readonly usedTagValues: Set<string>[];
  private priorityIndex = 0;
  private candidates: number[];
  private readonly allProcesses: number[];

  constructor(
    private readonly tagKeys: readonly string[],
    processes: readonly number[],
    private readonly clientTags: (process: number) => ReadonlyMap<string, string>,
  ) {
    this.allProcesses = [...processes];
    this.usedTagValues = tagKeys.map(() => new Set<string>());
    this.candidates = this.allProcesses;
  }

  startTask(): void {
    for (const values of this.usedTagValues) values.clear();
    this.priorityIndex = 0;
    this.candidates = this.allProcesses;
  }

  /** Records a holder's tag values, so later standbys avoid them while a new value exists. */
  markUsed(holder: number): void {
    const tags = this.clientTags(holder);
    for (let i = 0; i < this.tagKeys.length; i++) {
      const value = tags.get(this.tagKeys[i]!);
      if (value !== undefined) this.usedTagValues[i]!.add(value);
    }
  }

  /**
   * The process for the next standby, or -1 once no eligible process brings a new value for any key. A key with no
   * eligible process carrying an unused value is given up and the next key (in priority order) takes over.
   */
  pickNext(eligible: (process: number) => boolean, tieBreak: (a: number, b: number) => number): number {
    while (this.priorityIndex < this.tagKeys.length) {
      const key = this.tagKeys[this.priorityIndex]!;
      const used = this.usedTagValues[this.priorityIndex]!;
      const survivors: number[] = [];
      for (const c of this.candidates) {
        const value = this.clientTags(c).get(key);
        if (value !== undefined && !used.has(value) && eligible(c)) survivors.push(c);
      }
      if (survivors.length === 0) {
        this.priorityIndex++;
        this.candidates = this.allProcesses;
        continue;
      }
      const winner = this.choose(survivors, tieBreak);
      // the other survivors are the pool for the next standby while this key stays the priority
      survivors.splice(survivors.indexOf(winner), 1);
      this.candidates = survivors;
      return winner;
    }
    return -1;
  }

  private choose(survivors: readonly number[], tieBreak: (a: number, b: number) => number): number {
    let best = survivors[0]!;
    for (let i = 1; i < survivors.length; i++) {
      const c = survivors[i]!;
      let cmp = this.compareDiversity(best, c);
      if (cmp === 0) cmp = tieBreak(best, c);
      if (cmp > 0) best = c;
    }
    return best;
  }

  /** Lexicographic comparison of the lower-priority diversity bits; the more diverse process orders first. */
  private compareDiversity(a: number, b: number): number {
    for (let i = this.priorityIndex + 1; i < this.tagKeys.length; i++) {
      const ua = this.hasUnusedValue(a, i);
      const ub = this.hasUnusedValue(b, i);
      if (ua !== ub) return ub ? 1 : -1;
    }
    return 0;
  }

  private hasUnusedValue(process: number, keyIndex: number): boolean {
    const value = this.clientTags(process).get(this.tagKeys[keyIndex]!);
    return value !== undefined && !this.usedTagValues[keyIndex]!.has(value);
  }
}

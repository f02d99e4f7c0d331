// Per-member quotas of the shipped sticky assignor and their shrinking rule (maybeUpdate*TasksPerMember).

/** ceil(tasks / members) with Java int arithmetic (remainder follows the dividend's sign); 0 without members. */
export function computeTasksPerMember(numberOfTasks: number, numberOfMembers: number): number {
  if (numberOfMembers === 0) return 0;
  let tasksPerMember = Math.trunc(numberOfTasks / numberOfMembers);
  if (numberOfTasks % numberOfMembers > 0) tasksPerMember++;
  return tasksPerMember;
}

/** One quota: `perMember = ceil(remainingTasks / remainingMembers)`. */
export class Quota {
  perMember: number;
  constructor(
    private remainingTasks: number,
    private remainingMembers: number,
  ) {
    this.perMember = computeTasksPerMember(remainingTasks, remainingMembers);
  }

  /** maybeUpdate*TasksPerMember: a member reaching the quota leaves the pool with its tasks. */
  maybeUpdate(memberTaskCount: number): void {
    if (memberTaskCount === this.perMember) {
      this.remainingMembers--;
      this.remainingTasks -= memberTaskCount;
      this.perMember = computeTasksPerMember(this.remainingTasks, this.remainingMembers);
    }
  }
}

/** The three quotas of §5.1: stateful active ([4.4]), active, total (active + standby). */
export interface Quotas {
  readonly statefulActive: Quota;
  readonly active: Quota;
  readonly total: Quota;
}

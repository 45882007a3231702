/**
 * Runs tasks on a fixed number of slots, fairly between owners (companies): at most `perOwner`
 * tasks of one owner run at once, and a freed slot goes to the next owner in turn (round robin)
 * that has a task waiting, not to the oldest task overall, so one company printing a hundred
 * documents cannot make another wait behind all of them. Waiting is bounded per owner and in all:
 * a task past either bound is refused at once with a QueueFullError, never queued.
 */
export type FairQueueLimits = {
  /** tasks running at once in all (the workers that run them) */
  slots: number;
  /** tasks of one owner running at once */
  perOwner: number;
  /** tasks of one owner waiting for a slot */
  waitingPerOwner: number;
  /** tasks waiting in all */
  waiting: number;
};

export class QueueFullError extends Error {
  constructor(
    /** `owner`: this owner has its most tasks waiting; `all`: the queue as a whole is full */
    readonly scope: 'owner' | 'all',
    readonly limit: number,
  ) {
    super(
      scope === 'owner' ? `at most ${limit} tasks of one owner may wait` : `at most ${limit} tasks may wait`,
    );
    this.name = 'QueueFullError';
  }
}

type Task = { start: () => void };
type Lane = { running: number; waiting: Task[] };

export class FairQueue {
  private readonly lanes = new Map<string | number, Lane>();
  /** owners with a task waiting, in the order they get their next turn */
  private turns: (string | number)[] = [];
  private running = 0;
  private waitingCount = 0;

  constructor(private readonly limits: FairQueueLimits) {}

  /**
   * Runs `task` for `owner` when its turn comes. `bounded: false` (work the server owes, e.g. a
   * mail's attachment) waits however long the queue is, still in its owner's turn.
   */
  run<T>(owner: string | number, task: () => Promise<T>, options: { bounded?: boolean } = {}): Promise<T> {
    const lane = this.lanes.get(owner) ?? { running: 0, waiting: [] };
    if (options.bounded !== false) {
      if (lane.waiting.length >= this.limits.waitingPerOwner)
        return Promise.reject(new QueueFullError('owner', this.limits.waitingPerOwner));
      if (this.waitingCount >= this.limits.waiting)
        return Promise.reject(new QueueFullError('all', this.limits.waiting));
    }
    this.lanes.set(owner, lane);
    return new Promise<T>((resolve, reject) => {
      lane.waiting.push({
        start: () => {
          lane.running += 1;
          this.running += 1;
          new Promise<T>((done) => done(task())).then(resolve, reject).finally(() => {
            lane.running -= 1;
            this.running -= 1;
            if (lane.running === 0 && lane.waiting.length === 0) this.lanes.delete(owner);
            this.pump();
          });
        },
      });
      this.waitingCount += 1;
      if (!this.turns.includes(owner)) this.turns.push(owner);
      this.pump();
    });
  }

  /** Tasks running and waiting now. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  private pump() {
    while (this.running < this.limits.slots) {
      const index = this.turns.findIndex(
        (owner) => (this.lanes.get(owner)?.running ?? 0) < this.limits.perOwner,
      );
      if (index < 0) return;
      const [owner] = this.turns.splice(index, 1);
      const lane = owner === undefined ? undefined : this.lanes.get(owner);
      const next = lane?.waiting.shift();
      if (!lane || !next || owner === undefined) continue;
      this.waitingCount -= 1;
      // Its next task waits for the owner's next turn, behind every other owner waiting now.
      if (lane.waiting.length > 0) this.turns.push(owner);
      next.start();
    }
  }
}

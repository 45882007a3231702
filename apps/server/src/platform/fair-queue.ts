/**
 * Runs tasks on a fixed number of slots, fairly between owners (companies): at most `perOwner`
 * tasks of one owner run at once, and a freed slot goes to the next owner in turn (round robin)
 * that has a task waiting, not to the oldest task overall, so one company printing a hundred
 * documents cannot make another wait behind all of them: the slot goes to the owner served least
 * recently (one that has not been served yet first). Waiting is bounded per owner and in all:
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
type Lane = { running: number; waiting: Task[]; served: number };

export class FairQueue {
  private readonly lanes = new Map<string | number, Lane>();
  private running = 0;
  /** counts the tasks started: a lane's `served` is the count when its last task started */
  private started = 0;
  private waitingCount = 0;

  constructor(private readonly limits: FairQueueLimits) {}

  /**
   * Runs `task` for `owner` when its turn comes. `bounded: false` (work the server owes, e.g. a
   * mail's attachment) waits however long the queue is, still in its owner's turn.
   */
  run<T>(owner: string | number, task: () => Promise<T>, options: { bounded?: boolean } = {}): Promise<T> {
    const lane = this.lanes.get(owner) ?? { running: 0, waiting: [], served: 0 };
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
          // The slot is free (and handed on) before the task's caller hears of its end.
          const finish = () => {
            lane.running -= 1;
            this.running -= 1;
            if (lane.running === 0 && lane.waiting.length === 0) this.lanes.delete(owner);
            this.pump();
          };
          new Promise<T>((done) => done(task())).then(
            (value) => {
              finish();
              resolve(value);
            },
            (error: unknown) => {
              finish();
              reject(error);
            },
          );
        },
      });
      this.waitingCount += 1;
      this.pump();
    });
  }

  /** Tasks running and waiting now. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  private pump() {
    while (this.running < this.limits.slots) {
      let next: Lane | undefined;
      for (const lane of this.lanes.values())
        if (
          lane.waiting.length > 0 &&
          lane.running < this.limits.perOwner &&
          (!next || lane.served < next.served)
        )
          next = lane;
      const task = next?.waiting.shift();
      if (!next || !task) return;
      this.waitingCount -= 1;
      this.started += 1;
      next.served = this.started;
      task.start();
    }
  }
}

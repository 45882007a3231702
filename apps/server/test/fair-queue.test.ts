import { describe, expect, it } from 'vitest';
import { FairQueue, QueueFullError } from '../src/platform/fair-queue.js';

/*
 * The queue in front of the PDF workers: a freed slot goes to the next company in turn, not to the
 * oldest task; one company never holds more than its share of slots; waiting is bounded.
 */

/** Tasks that finish when the test says so, recording the order they started in. */
function tasks() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finish.set(name, () => resolve(name));
    });
  const done = async (name: string) => {
    finish.get(name)?.();
    // let the queue hand the slot on
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, task, done };
}

describe('fair queue', () => {
  it('hands a freed slot to the companies in turn, not to the oldest task', async () => {
    const queue = new FairQueue({ slots: 1, perOwner: 2, waitingPerOwner: 10, waiting: 100 });
    const { started, task, done } = tasks();
    const all = [
      ...['A1', 'A2', 'A3', 'A4', 'A5'].map((name) => queue.run('A', task(name))),
      ...['B1', 'B2'].map((name) => queue.run('B', task(name))),
      queue.run('C', task('C1')),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 8; i++) await done(started[i] ?? '');
    expect(await Promise.all(all)).toHaveLength(8);
    // First come, first served would be A1 … A5, B1, B2, C1.
    expect(started).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'A3', 'A4', 'A5']);
  });

  it('runs at most perOwner tasks of one company while other slots serve others', async () => {
    const queue = new FairQueue({ slots: 3, perOwner: 2, waitingPerOwner: 10, waiting: 100 });
    const { started, task, done } = tasks();
    const a = ['A1', 'A2', 'A3'].map((name) => queue.run('A', task(name)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['A1', 'A2']);
    expect(queue.size).toEqual({ running: 2, waiting: 1 });
    const b = queue.run('B', task('B1'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['A1', 'A2', 'B1']);
    await done('A1');
    expect(started).toEqual(['A1', 'A2', 'B1', 'A3']);
    for (const name of ['A2', 'B1', 'A3']) await done(name);
    await Promise.all([...a, b]);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses past the waiting bounds at once, per company and in all; owed work still waits', async () => {
    const queue = new FairQueue({ slots: 1, perOwner: 1, waitingPerOwner: 1, waiting: 2 });
    const { task, done, started } = tasks();
    const running = [queue.run('A', task('A1')), queue.run('A', task('A2')), queue.run('B', task('B1'))];
    await expect(queue.run('A', task('A3'))).rejects.toEqual(new QueueFullError('owner', 1));
    await expect(queue.run('C', task('C1'))).rejects.toMatchObject({ scope: 'all', limit: 2 });
    const owed = queue.run('C', task('C2'), { bounded: false });
    expect(queue.size).toEqual({ running: 1, waiting: 3 });
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      await done(started[i] ?? '');
    }
    expect(await Promise.all([...running, owed])).toEqual(['A1', 'A2', 'B1', 'C2']);
    expect(started).toEqual(['A1', 'B1', 'C2', 'A2']);
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new FairQueue({ slots: 1, perOwner: 1, waitingPerOwner: 1, waiting: 1 });
    await expect(queue.run('A', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(
      queue.run('A', () => {
        throw new Error('thrown');
      }),
    ).rejects.toThrow('thrown');
    expect(await queue.run('A', async () => 'next')).toBe('next');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});

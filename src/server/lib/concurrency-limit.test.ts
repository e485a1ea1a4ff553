import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.js';

describe('createConcurrencyLimit', () => {
  it('runs at most max tasks at once, the rest in the order they came, each with its result', async () => {
    const limit = createConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const finishers: (() => void)[] = [];
    const task = (n: number) =>
      limit.run(async () => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => finishers.push(resolve));
        running -= 1;
        return n * 10;
      });
    const results = [1, 2, 3, 4, 5].map(task);
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    while (finishers.length > 0) {
      finishers.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('passes a failure on and frees the place for the next task', async () => {
    const limit = createConcurrencyLimit(1);
    const failed = limit.run(() => Promise.reject(new Error('boom')));
    const next = limit.run(async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('ran');
  });

  it('puts a task asked first ahead of those waiting', async () => {
    const limit = createConcurrencyLimit(1);
    const order: string[] = [];
    let finish = () => undefined as void;
    const running = limit.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const waited = ['a', 'b'].map((name) => limit.run(async () => void order.push(name)));
    const ahead = limit.run(async () => void order.push('first'), { first: true });
    finish();
    await Promise.all([running, ...waited, ahead]);
    expect(order).toEqual(['first', 'a', 'b']);
  });
});

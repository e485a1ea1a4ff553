/** Runs async tasks with at most `max` of them under way; the others wait their turn, in order. */
export interface ConcurrencyLimit {
  /** `first`: ahead of those waiting (a task that has waited its turn once already). */
  run<T>(task: () => Promise<T>, options?: { first?: boolean }): Promise<T>;
}

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    async run(task, options) {
      if (running < max) {
        running += 1;
      } else {
        await new Promise<void>((resolve) =>
          options?.first ? waiting.unshift(resolve) : waiting.push(resolve),
        );
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** Runs async tasks with at most `max` of them under way; the others wait their turn, in order. */
export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>): Promise<T>;
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
    async run(task) {
      if (running < max) {
        running += 1;
      } else {
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

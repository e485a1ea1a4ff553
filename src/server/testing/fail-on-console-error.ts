import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug somewhere, even when the assertions pass.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length === 0) return;
  const found = errors.splice(0).map((args) => args.map(String).join(' '));
  throw new Error(`console.error was called:\n${found.join('\n')}`);
});

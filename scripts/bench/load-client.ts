/** The bench's side of the load process: one forked process, scenarios sent one at a time. */
import type { ChildProcess } from 'node:child_process';
import { childRequests, endChild, forkScript } from './children.js';
import type { LoadReply, LoadRequest, LoadResult, LoadScenario } from './scenario.js';

export interface Loader {
  run: (scenario: LoadScenario) => Promise<LoadResult>;
  close: () => Promise<void>;
}

export function startLoader(): Loader {
  const child: ChildProcess = forkScript('./load.ts');
  const ask = childRequests<LoadRequest, LoadReply>(child, 'load process');
  return {
    run: async (scenario) => {
      const answer = await ask({ scenario });
      if ('error' in answer) throw new Error(`load process: ${answer.error}`);
      return answer.result;
    },
    close: () => endChild(child),
  };
}

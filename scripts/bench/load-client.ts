/** The bench's side of the load process: one forked process, scenarios sent one at a time. */
import type { ChildProcess } from 'node:child_process';
import { endChild, forkScript, nextMessage } from './children.js';
import type { LoadReply, LoadResult, LoadScenario } from './scenario.js';

export interface Loader {
  run: (scenario: LoadScenario) => Promise<LoadResult>;
  close: () => Promise<void>;
}

export function startLoader(): Loader {
  const child: ChildProcess = forkScript('./load.ts');
  let nextId = 1;
  return {
    run: async (scenario) => {
      const id = nextId;
      nextId += 1;
      const reply = nextMessage(
        child,
        (message) => {
          const answer = message as LoadReply;
          return answer.id === id ? answer : undefined;
        },
        'load process',
      );
      child.send({ id, scenario });
      const answer = await reply;
      if ('error' in answer) throw new Error(`load process: ${answer.error}`);
      return answer.result;
    },
    close: () => endChild(child),
  };
}

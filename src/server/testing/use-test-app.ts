import { afterAll, beforeAll } from 'vitest';
import { signedInAdmin, signedInUser, type Caller } from './factories.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

type Role = 'user' | 'admin';

export type TestSetup<Name extends string> = { t: TestApp } & { [N in Name]: Caller };

/**
 * A server test file's setup in one line: its own app on a fresh database, the callers it names
 * signed in, and the app closed after the file. `const { t, admin } = useTestApp({ signIn: { admin:
 * 'admin' } })`. The objects it returns are filled in its beforeAll, so read them in hooks and tests,
 * not at the top of the file; a file's own beforeAll, declared after this line, runs after it.
 */
export function useTestApp<Name extends string = never>(
  options: TestAppOptions & { signIn?: Record<Name, Role> } = {},
): TestSetup<Name> {
  const { signIn, ...appOptions } = options;
  const roles = Object.entries<Role>(signIn ?? ({} as Record<Name, Role>));
  const t = {} as TestApp;
  const callers = Object.fromEntries(roles.map(([name]) => [name, {} as Caller]));
  beforeAll(async () => {
    Object.assign(t, await createTestApp(appOptions));
    await Promise.all(
      roles.map(async ([name, role]) => {
        const caller = await (role === 'admin' ? signedInAdmin(t.app) : signedInUser(t.app));
        Object.assign(callers[name]!, caller);
      }),
    );
  });
  // A failed start leaves nothing to close, and its own error is the one to show.
  afterAll(async () => {
    if ('close' in t) await t.close();
  });
  return { t, ...callers } as TestSetup<Name>;
}

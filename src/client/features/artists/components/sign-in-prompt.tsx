import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button.js';
import { openAuthModal } from '@client/lib/auth-modal.js';

/**
 * What a signed-out visitor sees on a page that needs login. The auth modal opens by itself
 * (useRequireSignIn); the button brings it back if it was closed.
 */
export function SignInPrompt({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="sign-in-prompt">
      <h1>{heading}</h1>
      <p className="sign-in-prompt__text">{children}</p>
      <Button onClick={() => openAuthModal('signIn')}>Sign in or sign up</Button>
    </section>
  );
}

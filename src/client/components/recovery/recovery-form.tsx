import type { ReactNode } from 'react';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { useFocusOnShow } from '@client/lib/use-focus-on-show.js';
import { Button } from '../ui/button.js';
import { FlashMessage } from '../ui/flash-message.js';
import { FormField } from '../ui/form-field.js';
import type { FormStep } from './recovery-steps.js';
import type { RecoveryFlow } from './use-recovery-flow.js';

/** How a side shows the recovery: its labels, buttons and classes. */
export interface RecoveryLook {
  labels: { email: string; recoveryCode: string; password: string; confirmPassword: string };
  emailAutoComplete: string;
  /** Each step's submit button, idle and while its call is on its way. */
  buttons: Record<FormStep, readonly [idle: string, busy: string]>;
  className: string;
  skipClassName: string;
  /** Where the message shows: above the fields (the site) or above the button (back-office). */
  messageAt: 'top' | 'bottom';
  /** Names each step's form, where the dialog's title changes with the step. */
  formLabels?: Record<FormStep, string>;
}

/** The current step's form. A new step is a new form, whose first field takes the focus. */
export function RecoveryForm({
  flow,
  look,
  intro,
}: {
  flow: RecoveryFlow;
  look: RecoveryLook;
  /** Above everything else: the side's words about the step. */
  intro?: ReactNode;
}) {
  if (flow.step === 'Complete') return null;
  return <StepForm key={flow.step} flow={flow} step={flow.step} look={look} intro={intro} />;
}

function StepForm({
  flow,
  step,
  look,
  intro,
}: {
  flow: RecoveryFlow;
  step: FormStep;
  look: RecoveryLook;
  intro?: ReactNode;
}) {
  const { form, emailKnown } = flow;
  const askEmail = step === 'EnterEmail' || (step === 'EnterRecoveryCode' && !emailKnown);
  useFocusOnShow(() => {
    if (askEmail) form.focus('email');
    else form.focus(step === 'EnterRecoveryCode' ? 'recoveryCode' : 'password');
  });
  const [idle, busy] = look.buttons[step];
  const message = <FlashMessage flash={flow.message} onDismiss={flow.dismiss} />;

  return (
    <form
      className={look.className}
      noValidate
      aria-label={look.formLabels?.[step]}
      onSubmit={flow.submit}
    >
      {intro}
      {look.messageAt === 'top' && message}
      {askEmail && (
        <FormField
          label={look.labels.email}
          type="email"
          autoComplete={look.emailAutoComplete}
          {...form.bind('email')}
        />
      )}
      {step === 'EnterRecoveryCode' && (
        <FormField
          label={look.labels.recoveryCode}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.bind('recoveryCode')}
        />
      )}
      {step === 'EnterNewPassword' && (
        <>
          <FormField
            label={look.labels.password}
            type="password"
            autoComplete="new-password"
            {...form.bind('password')}
          />
          <FormField
            label={look.labels.confirmPassword}
            type="password"
            autoComplete="new-password"
            {...form.bind('confirmPassword')}
          />
        </>
      )}
      {look.messageAt === 'bottom' && message}
      <Button type="submit" disabled={flow.pending || flow.done}>
        {flow.pending ? busy : idle}
      </Button>
      {step === 'EnterEmail' && (
        <button type="button" className={look.skipClassName} onClick={flow.skip}>
          {t.recoveryHaveCode}
        </button>
      )}
    </form>
  );
}

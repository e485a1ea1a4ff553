import type { ReactNode } from 'react';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { TEXT_MAX } from '@shared/validation.js';
import { useFocusOnShow } from '@client/lib/use-focus-on-show.js';
import { SubmitButton } from '../ui/submit-button.js';
import { FlashMessage } from '../ui/flash-message.js';
import { EmailField } from '../ui/email-field.js';
import { FormField } from '../ui/form-field.js';
import { PasswordField } from '../ui/password-field.js';
import type { FormStep } from './recovery-steps.js';
import type { RecoveryFlow } from './use-recovery-flow.js';

type Labels = { email: string; recoveryCode: string; password: string; confirmPassword: string };

/** What both sides show alike. */
const SHARED: { labels: Labels; buttons: Record<FormStep, string> } = {
  labels: {
    email: 'Email',
    recoveryCode: 'Recovery Code',
    password: 'New Password',
    confirmPassword: 'Confirm Password',
  },
  buttons: {
    EnterEmail: 'Send Recovery Code',
    EnterRecoveryCode: 'Verify Code',
    EnterNewPassword: 'Reset Password',
  },
};

/** How a side shows the recovery, where it differs from what both show. */
export interface RecoveryLook {
  labels?: Partial<Labels>;
  buttons?: Partial<Record<FormStep, string>>;
  /** What each step's button says while its call is on its way; without, it keeps its words. */
  busy?: Record<FormStep, string>;
  emailAutoComplete: string;
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
  const labels = { ...SHARED.labels, ...look.labels };
  const idle = look.buttons?.[step] ?? SHARED.buttons[step];
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
        <EmailField
          label={labels.email}
          autoComplete={look.emailAutoComplete}
          {...form.bind('email')}
        />
      )}
      {step === 'EnterRecoveryCode' && (
        <FormField
          label={labels.recoveryCode}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          maxLength={TEXT_MAX.recoveryCode}
          spellCheck={false}
          {...form.bind('recoveryCode')}
        />
      )}
      {step === 'EnterNewPassword' && (
        <>
          <PasswordField label={labels.password} rule {...form.bind('password')} />
          <PasswordField label={labels.confirmPassword} {...form.bind('confirmPassword')} />
        </>
      )}
      {look.messageAt === 'bottom' && message}
      <SubmitButton
        pending={flow.pending}
        busy={look.busy?.[step] ?? idle}
        disabled={flow.pending || flow.done}
      >
        {idle}
      </SubmitButton>
      {step === 'EnterEmail' && (
        <button type="button" className={look.skipClassName} onClick={flow.skip}>
          {t.recoveryHaveCode}
        </button>
      )}
    </form>
  );
}

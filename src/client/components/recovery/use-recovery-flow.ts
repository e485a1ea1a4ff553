import { useState } from 'react';
import {
  useGenerateRecoveryCode,
  useResetPassword,
  useValidateRecoveryCode,
} from '@client/lib/recovery-calls.js';
import { useForm } from '@client/lib/use-form.js';
import { useFlash } from '../ui/use-flash.js';
import { NO_ANSWERS, STEP_CALLS, type FormStep, type RecoveryStep } from './recovery-steps.js';

/** Where the two sides' recovery differs in what it says (the spec gives the back-office its own texts). */
export interface RecoveryRules {
  /** 'each': every field its own message (the site); 'first': one message at a time (back-office). */
  report: 'each' | 'first';
  /** Each step's own words for the rules' texts. */
  texts?: Partial<Record<FormStep, Readonly<Record<string, string>>>>;
  /** Fixed texts for a failed call; without them, the server's message shows. */
  failures?: Record<FormStep, string>;
  /** Messages hide after this long. */
  messageMs?: number;
  /** Shown when the password is reset, then the flow ends; without it, the Complete step follows. */
  resetSuccess?: string;
}

/**
 * Password recovery: send a code to the email, check the code, set a new password. 'Already have
 * a recovery code?' skips the first step; the code step then asks for the email too.
 */
export function useRecoveryFlow(
  rules: RecoveryRules,
  { initialEmail = '', onDone }: { initialEmail?: string; onDone?: () => void } = {},
) {
  const [step, setStep] = useState<RecoveryStep>('EnterEmail');
  const [emailKnown, setEmailKnown] = useState(false);
  /** What the server said when it sent the code. */
  const [notice, setNotice] = useState<string | null>(null);
  const { flash, show, dismiss } = useFlash(rules.messageMs);
  const generate = useGenerateRecoveryCode();
  const validate = useValidateRecoveryCode();
  const reset = useResetPassword();
  const asked: FormStep = step === 'Complete' ? 'EnterNewPassword' : step;
  const form = useForm(
    { ...NO_ANSWERS, email: initialEmail },
    { ...STEP_CALLS[asked], report: rules.report, texts: rules.texts?.[asked] },
  );

  const go = (next: RecoveryStep) => {
    dismiss();
    // The next step's fields are checked from its own first submit.
    form.reset((current) => current);
    setStep(next);
  };

  // A refusal of one field shows under it; the message area says only what the side's own text
  // says, if it has one.
  const failed = (error: Error) => {
    const placed = form.showServerError(error);
    const text = rules.failures?.[asked] ?? (placed ? undefined : error.message);
    if (text !== undefined) show({ tone: 'error', text });
  };

  const send = (values: typeof form.values) => {
    dismiss();
    if (asked === 'EnterEmail') {
      generate.mutate(STEP_CALLS.EnterEmail.body(values), {
        onSuccess: (message) => {
          setNotice(message);
          setEmailKnown(true);
          go('EnterRecoveryCode');
        },
        onError: failed,
      });
    } else if (asked === 'EnterRecoveryCode') {
      validate.mutate(STEP_CALLS.EnterRecoveryCode.body(values), {
        onSuccess: () => go('EnterNewPassword'),
        onError: failed,
      });
    } else {
      reset.mutate(STEP_CALLS.EnterNewPassword.body(values), {
        onSuccess: () => {
          if (rules.resetSuccess) show({ tone: 'success', text: rules.resetSuccess }, onDone);
          else go('Complete');
        },
        onError: failed,
      });
    }
  };

  const submit = form.handleSubmit(send, (problem) => {
    if (rules.report === 'first') show({ tone: 'error', text: problem.message });
  });

  const skip = () => {
    setNotice(null);
    setEmailKnown(false);
    go('EnterRecoveryCode');
  };

  return {
    step,
    /** False after a skip: the code step asks for the email. */
    emailKnown,
    notice,
    message: flash,
    dismiss,
    form,
    submit,
    skip,
    pending: generate.isPending || validate.isPending || reset.isPending,
    /** The password is reset: nothing more to send. */
    done: flash?.tone === 'success',
  };
}

export type RecoveryFlow = ReturnType<typeof useRecoveryFlow>;

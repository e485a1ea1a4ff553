import { apiMessages } from '@shared/messages/api.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import {
  recoveryGenerateBody,
  recoveryResetBody,
  recoveryValidateBody,
} from '@shared/schemas/recovery.js';
import { confirmationRule } from '@client/lib/confirmation-rule.js';

/** The spec's four steps of password recovery; the back-office ends at the third. */
export type RecoveryStep = 'EnterEmail' | 'EnterRecoveryCode' | 'EnterNewPassword' | 'Complete';
/** The steps that ask for something. */
export type FormStep = Exclude<RecoveryStep, 'Complete'>;

export const NO_ANSWERS = { email: '', recoveryCode: '', password: '', confirmPassword: '' };
export type RecoveryValues = typeof NO_ANSWERS;

const trimmed = (values: RecoveryValues) => ({
  email: values.email.trim(),
  recoveryCode: values.recoveryCode.trim(),
});

/** What each step sends, checked by the schema the API checks it with. */
export const STEP_CALLS = {
  EnterEmail: {
    schema: recoveryGenerateBody,
    body: (values: RecoveryValues) => ({ email: trimmed(values).email }),
  },
  EnterRecoveryCode: { schema: recoveryValidateBody, body: trimmed },
  EnterNewPassword: {
    schema: recoveryResetBody,
    body: (values: RecoveryValues) => ({ ...trimmed(values), password: values.password }),
    refine: confirmationRule<keyof RecoveryValues>({
      field: 'confirmPassword',
      of: 'password',
      required: m.confirmPasswordRequired,
    }),
    refusals: { [apiMessages.passwordTooCommon]: 'password' },
  },
} as const;

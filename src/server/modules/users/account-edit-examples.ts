import type { Account } from '@shared/schemas/people.js';
import { exampleAccount } from '@server/lib/api-examples.js';
import type { BodyExample } from '@server/lib/route-schema.js';

/** The fields both account forms send (the user's own and the administrator's). */
interface AccountFormFields {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The two ways an account edit arrives, as a body's examples: its form's fields (`exampleAccount`'s
 * with `form`'s changes), or the account as read with `asRead`'s. Both edit routes take the
 * account back as read, so their examples must say so alike.
 */
export function accountEditExamples<const Form extends Partial<AccountFormFields>>(
  formSummary: string,
  form: Form,
  asRead: Partial<Account>,
): { form: BodyExample<AccountFormFields & Form>; asRead: BodyExample<Account> } {
  return {
    form: {
      summary: formSummary,
      value: {
        id: exampleAccount.id,
        firstName: exampleAccount.first_name,
        lastName: exampleAccount.last_name,
        email: exampleAccount.email,
        ...form,
      },
    },
    asRead: {
      summary: 'The account as GET /api/users/{id} answers it, edited',
      value: { ...exampleAccount, ...asRead },
    },
  };
}

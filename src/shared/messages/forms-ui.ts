/** Texts the forms share that the spec leaves to us. */
export const formsUiMessages = {
  /**
   * Under every new password: the strength rule (isStrongPassword) and the API's refusal of a
   * common password, so that neither comes as a surprise after pressing the button.
   */
  passwordHint:
    'At least 8 characters, with an uppercase letter, a lowercase letter and a number. Commonly used passwords are not accepted.',
} as const;

/** API texts of this domain (add entries here; all-messages.ts picks them up). */
export const peopleMessages = {} as const;

/** Texts of the audit screen, which the spec does not have (the screen answers issue 16). */
export const adminAuditUiMessages = {
  title: 'Audit log',
  loadFailed: 'There was an error loading the audit log.',
  noneYet: 'No administrator has changed anything yet.',
  noneMatch: 'No administrator actions match these filters.',
  allActions: 'All actions',
} as const;

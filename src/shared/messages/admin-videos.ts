/** API texts of this domain (add entries here; all-messages.ts picks them up). */
export const adminVideosMessages = {
  featuredTitleRequired: 'Please give the featured video a title',
  featuredLinkRequired: 'Please give the link of the featured video',
  episodeNumberInvalid: 'Episode Number must be a whole number of 0 or more, or -1 for none',
  searchQueryTooLong: 'Search for at most 100 characters.',
  publishAtInvalid:
    'Publish time must be a date and time with its time zone, like 2026-12-01T18:00:00Z, or null for none',
  publishAtPast: 'Publish time must be in the future',
  publishAtTooFar: 'Publish time must be within 5 years',
  publishAtButPublic:
    'A scheduled video stays Private until its publish time: choose Private, or clear the publish time',
  pageInvalid: 'page must be a whole number of 1 or more',
  pageSizeInvalid: 'pageSize must be a whole number from 1 to 100',
} as const;

/** API texts of this domain (add entries here; all-messages.ts picks them up). */
export const adminVideosMessages = {
  featuredTitleRequired: 'Please give the featured video a title',
  featuredLinkRequired: 'Please give the link of the featured video',
  episodeNumberInvalid: 'Episode Number must be a whole number of 0 or more, or -1 for none',
  searchQueryTooLong: 'Search for at most 100 characters.',
  pageInvalid: 'page must be a whole number of 1 or more',
  pageSizeInvalid: 'pageSize must be a whole number from 1 to 100',
} as const;

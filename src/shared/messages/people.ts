/** API texts of this domain (add entries here; all-messages.ts picks them up). */
export const peopleMessages = {
  accountFound: 'Account details',
  usersListed: 'Users',
  adminsListed: 'Administrators',
  likedArtistsListed: 'Liked artists',
  likedVideosListed: 'Liked videos',
  /** The account's words for a birthday under 13 (sign-up has the spec's own). */
  accountTooYoung: 'You must be at least 13 years old to have an account.',
} as const;

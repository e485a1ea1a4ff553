/** API texts of this domain (add entries here; all-messages.ts picks them up). */
export const peopleMessages = {
  accountFound: 'Account details',
  usersListed: 'Users',
  adminsListed: 'Administrators',
  likedArtistsListed: 'Liked artists',
  likedVideosListed: 'Liked videos',
} as const;

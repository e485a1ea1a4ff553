/**
 * The labels of the fields people type into, as the forms show them (the spec's words where it
 * has them). The API's refusals of those fields start with the same words ('First Name must be
 * at most 100 characters'), so a message reads alike on the form and for an API client.
 */
export const fieldLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  zipCode: 'Zip Code',
  birthday: 'Birthday',
  email: 'Email',
  recoveryCode: 'Recovery Code',
  videoTitle: 'Title',
  videoDescription: 'Description',
  episodeNumber: 'Episode Number',
  artistName: 'Artist Name',
  artistDescription: 'Description',
  imageUrl: 'Image URL',
  tagName: 'Tag name',
  featuredTitle: 'Featured Video Title',
  featuredLink: 'Linked Video Link',
} as const;

const labels = new Set<string>(Object.values(fieldLabels));

/** True when a message starts with a field's label: it names its field already. */
export function startsWithFieldLabel(message: string): boolean {
  for (const label of labels) {
    if (message.startsWith(`${label} `)) return true;
  }
  return false;
}

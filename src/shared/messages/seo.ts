/**
 * Texts of the link previews (title, description) the server writes into shared pages.
 * `{name}` and `{brand}` are filled in by the server.
 */
export const seoMessages = {
  siteDescription: 'Watch every episode of the country-music video show.',
  videoDescription: 'Watch {name} on {brand}.',
  artistDescription: 'Videos of {name} on {brand}.',
  categoryDescription: 'Watch {name} videos on {brand}.',
  aboutDescription:
    'About {brand}: the country-music video show, the people who make it and how to reach them.',
  privacyDescription:
    'What {brand} collects when you use the site and the app, and how it is used and protected.',
  searchDescription: 'Videos and artists on {brand} matching "{name}".',
} as const;

/** Fills `{name}` and `{brand}` in one of the texts above. */
export function fillSeoText(text: string, values: { name: string; brand: string }): string {
  return text.replaceAll('{name}', values.name).replaceAll('{brand}', values.brand);
}

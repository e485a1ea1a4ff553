/**
 * Texts of the link previews (title, description) the server writes into shared pages.
 * `{name}` and `{brand}` are filled in by the server.
 */
export const seoMessages = {
  siteDescription: 'Watch every episode of the country-music video show.',
  videoDescription: 'Watch {name} on {brand}.',
  artistDescription: 'Videos of {name} on {brand}.',
  categoryDescription: 'Watch {name} videos on {brand}.',
} as const;

/** Fills `{name}` and `{brand}` in one of the texts above. */
export function fillSeoText(text: string, values: { name: string; brand: string }): string {
  return text.replaceAll('{name}', values.name).replaceAll('{brand}', values.brand);
}

/**
 * The start of a long text for the featured hero: cut at a word boundary before `max` characters
 * and marked with an ellipsis, so a sentence never ends mid-word. The full text is in DETAILS.
 */
export function excerpt(text: string, max = 180): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  // One character more, so a word ending exactly at `max` is kept whole.
  const cut = clean.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut.slice(0, max);
  return `${words.replace(/[\s.,;:!?–-]+$/u, '')}…`;
}

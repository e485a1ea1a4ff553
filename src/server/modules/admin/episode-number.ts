// Ways the show's titles number episodes: "Episode 123", "Ep. 123" / "Ep 123", "#123".
const PATTERNS = [
  /\bepisode\s*#?\s*(\d{1,6})\b/i,
  /\bep(?:\.|\s)\s*#?\s*(\d{1,6})\b/i,
  /#(\d{1,6})\b/,
];

/** The episode number a YouTube title names, or null; the admin can correct it in the editor. */
export function episodeNumberFromTitle(title: string): number | null {
  for (const pattern of PATTERNS) {
    const match = pattern.exec(title);
    if (match) return Number(match[1]);
  }
  return null;
}

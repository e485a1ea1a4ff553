/** At most this many words stand in for one misspelt word (they are OR-ed in the query). */
const MAX_ALTERNATIVES = 3;

/**
 * Edits (a letter inserted, deleted or replaced, or two neighbours swapped) that separate two
 * words: the optimal-string-alignment distance, over code points.
 */
export function editDistance(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  // rows[i][j]: distance between the first i letters of s and the first j of t.
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[s.length]![t.length]!;
}

/**
 * How many edits a typo of a word this long may hold. Three letters or fewer: none, as almost
 * any short word is one edit from another (and trigrams cannot find them anyway).
 */
export function allowedEdits(word: string): number {
  const length = Array.from(word).length;
  if (length <= 3) return 0;
  return length <= 7 ? 1 : 2;
}

/**
 * The words that may stand in for a misspelt one: of the candidates (closest by trigrams first),
 * those fewest edits away, within what the word's length allows. Trigrams alone would pick
 * 'brian' (0.33) over 'train' (0.2) for 'trian'; by edits both are one away, so both stay and
 * the query finds whichever the catalogue has together with the other words.
 */
export function chooseCorrections(misspelt: string, candidates: string[]): string[] {
  const limit = allowedEdits(misspelt);
  const scored = candidates
    .map((word) => ({ word, edits: editDistance(misspelt, word) }))
    .filter(({ edits }) => edits <= limit);
  if (scored.length === 0) return [];
  const fewest = Math.min(...scored.map(({ edits }) => edits));
  return scored
    .filter(({ edits }) => edits === fewest)
    .slice(0, MAX_ALTERNATIVES)
    .map(({ word }) => word);
}

/** Candidates within the edits a word's length allows, closest first, the word itself left out. */
export function nearWords(word: string, candidates: string[]): string[] {
  const limit = allowedEdits(word);
  return candidates
    .filter((candidate) => candidate !== word && !candidate.startsWith(word))
    .map((candidate) => ({ candidate, edits: editDistance(word, candidate) }))
    .filter(({ edits }) => edits <= limit)
    .sort((a, b) => a.edits - b.edits)
    .slice(0, MAX_ALTERNATIVES)
    .map(({ candidate }) => candidate);
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeEscaped } from '../../lib/search-sql.js';
import type { QueryWord } from './full-text-query.js';
import { chooseCorrections } from './spelling.js';

interface WordRow {
  n: number;
  /** The word normalised like the documents (search_text). */
  word: string;
  /** A prefix of some word in the list (or digits, which the list leaves out): kept as typed. */
  known: boolean;
  /** Close words from the list for an unknown word, closest first; null for a known word. */
  candidate: string | null;
}

/**
 * One SELECT per word (at most eight), so each word is a constant when planned: the prefix test
 * then reads the trigram index with a known pattern. Over unnest(), the planner took a table scan
 * for the test, stopping at the first match it expected, and ran search_text() for every word of
 * the list: 80 s at 200,000 words.
 */
async function lookUpWords(db: Database, words: string[]): Promise<WordRow[]> {
  const perWord = words.map(
    (typed, n) => sql`
      SELECT ${n}::int AS n, q.word, q.known, c.candidate, c.rank
      FROM (
        SELECT w.word, w.word ~ '^[0-9]+$'
          OR EXISTS (SELECT 1 FROM search_words s WHERE s.word LIKE ${likeEscaped(sql`w.word`)} || '%') AS known
        FROM (SELECT public.search_text(${typed}) AS word) AS w
      ) AS q
      LEFT JOIN LATERAL public.search_word_candidates(
        CASE WHEN NOT q.known AND q.word <> '' THEN q.word END
      ) WITH ORDINALITY AS c(candidate, rank) ON true`,
  );
  const result = await db.execute(sql`${sql.join(perWord, sql` UNION ALL `)} ORDER BY n, rank`);
  // Both drivers (pg and PGlite) answer raw queries with { rows }.
  return (result as unknown as { rows: WordRow[] }).rows;
}

/**
 * The query words with each misspelt one (no prefix of any word in search_words) replaced by the
 * closest words of the list. Null when that changes nothing, or when a misspelt word has no close
 * word: the search then has nothing more to try.
 */
export async function correctWords(db: Database, words: string[]): Promise<QueryWord[] | null> {
  const rows = await lookUpWords(db, words);
  const byWord = new Map<number, { word: string; known: boolean; candidates: string[] }>();
  for (const row of rows) {
    const entry = byWord.get(row.n) ?? { word: row.word, known: row.known, candidates: [] };
    if (row.candidate !== null) entry.candidates.push(row.candidate);
    byWord.set(row.n, entry);
  }
  const corrected: QueryWord[] = [];
  let changed = false;
  for (const { word, known, candidates } of byWord.values()) {
    if (word === '') continue;
    if (known) {
      corrected.push({ prefix: word });
      continue;
    }
    const anyOf = chooseCorrections(word, candidates);
    if (anyOf.length === 0) return null;
    corrected.push({ anyOf });
    changed = true;
  }
  return changed ? corrected : null;
}

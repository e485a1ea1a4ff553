import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import type { QueryWord } from './full-text-query.js';
import { chooseCorrections, nearWords } from './spelling.js';

export interface WordRow {
  n: number;
  /** The word normalised like the documents (search_text). */
  word: string;
  /** A prefix of some word in the list (or digits, which the list leaves out): kept as typed. */
  known: boolean;
  /** Close words from the list (for an unknown word, or every word when asked), closest first. */
  candidate: string | null;
  /** The word's completions (wordCompletions), or null. */
  completions: string[] | null;
}

/** The most completions a word is asked as; past them a prefix is no slower. */
const MAX_COMPLETIONS = 16;

/** The words of the list beginning with `word` (a range of its C-collated key, as `known`). */
const beginsWith = (word: SQL) => sql`s.word >= ${word} AND s.word <= ${word} || chr(1114111)`;

/**
 * The words of the list that begin with a normalised word (a text[]), so the search asks the
 * full-text index for those words rather than for the prefix: the index answers an exact word by
 * skipping through its entries alongside the other words', while a prefix first gathers every
 * entry of every word it begins (a title pair: 2.5 against 4.1 ms a search at 100k videos). The
 * list holds every word of every document and artist name but numbers (the search_words_of_*
 * triggers), so the completions match exactly what the prefix would. Null when none or more than
 * MAX_COMPLETIONS do (a prefix is then as fast), for a number (always a whole word), and for a
 * word with anything but letters and digits: to_tsquery reads such a prefix otherwise than the
 * list does ('⒈' is '1.' once normalised: to to_tsquery a prefix of '1999', in the list of '1.5').
 */
export function wordCompletions(word: SQL): SQL {
  return sql`CASE WHEN ${word} ~ '^[[:alnum:]]+$' AND ${word} !~ '^[0-9]+$' THEN (
    SELECT CASE WHEN count(*) <= ${sql.raw(String(MAX_COMPLETIONS))}
                THEN array_agg(c.word ORDER BY c.word) END
    FROM (
      SELECT s.word FROM search_words s WHERE ${beginsWith(word)}
      ORDER BY s.word LIMIT ${sql.raw(String(MAX_COMPLETIONS + 1))}
    ) c
  ) END`;
}

/**
 * Rows (n, word, known, completions, candidate, rank) for the `words` placeholder: each word
 * normalised, whether it is a prefix of a word of the list (a range of the list's C-collated key:
 * the index answers it for any value, so a statement holding it is prepared once), its
 * completions, and for an unknown word (or every word, with `everyWord`) the closest words of
 * the list. The site search runs it inside its own statement when nothing matched, saving a round
 * trip (search-query.ts).
 */
export function wordLookupRows(everyWord: SQL): SQL {
  return sql`(
    SELECT q.n::int AS n, q.word, q.known, q.completions, c.candidate, c.rank
    FROM (
      SELECT w.n, w.word, w.word ~ '^[0-9]+$' OR EXISTS (
          SELECT 1 FROM search_words s WHERE ${beginsWith(sql`w.word`)}
        ) AS known,
        ${wordCompletions(sql`w.word`)} AS completions
      FROM (
        SELECT u.n, public.search_text(u.typed) AS word
        FROM unnest(${sql.placeholder('words')}::text[]) WITH ORDINALITY AS u(typed, n)
      ) w
      -- Kept apart, so each word is looked up once rather than once per candidate row.
      OFFSET 0
    ) q
    LEFT JOIN LATERAL public.search_word_candidates(
      CASE WHEN (NOT q.known OR ${everyWord}) AND q.word <> '' AND q.word !~ '^[0-9]+$'
           THEN q.word END
    ) WITH ORDINALITY AS c(candidate, rank) ON true
  )`;
}

const wordLookup = preparedPerDatabase((db) =>
  db
    .select({
      n: sql<number>`l.n`,
      word: sql<string>`l.word`,
      known: sql<boolean>`l.known`,
      candidate: sql<string | null>`l.candidate`,
      completions: sql<string[] | null>`l.completions`,
    })
    .from(sql`${wordLookupRows(sql`${sql.placeholder('everyWord')}::boolean`)} AS l`)
    .orderBy(sql`l.n, l.rank`)
    .prepare('search_word_lookup'),
);

async function lookUpWords(db: Database, words: string[], everyWord: boolean): Promise<WordRow[]> {
  return wordLookup(db).execute({ words, everyWord });
}

function groupByWord(rows: WordRow[]) {
  const byWord = new Map<
    number,
    { word: string; known: boolean; completions: string[] | null; candidates: string[] }
  >();
  for (const row of rows) {
    const entry = byWord.get(row.n) ?? {
      word: row.word,
      known: row.known,
      completions: row.completions,
      candidates: [],
    };
    if (row.candidate !== null) entry.candidates.push(row.candidate);
    byWord.set(row.n, entry);
  }
  return [...byWord.values()].filter(({ word }) => word !== '');
}

/**
 * The query words, each kept as typed (its completions, else a prefix), with each misspelt one
 * (no prefix of any word in search_words) replaced by the closest words of the list. Null when a
 * misspelt word has no close word: the search then has nothing more to try. Over rows of
 * wordLookupRows (everyWord false), in order.
 */
export function correctionsOf(rows: WordRow[]): QueryWord[] | null {
  const corrected: QueryWord[] = [];
  for (const { word, known, completions, candidates } of groupByWord(rows)) {
    if (known) {
      corrected.push({ prefix: word, completions });
      continue;
    }
    const anyOf = chooseCorrections(word, candidates);
    if (anyOf.length === 0) return null;
    corrected.push({ anyOf });
  }
  return corrected;
}

/**
 * The query words, each kept as typed (its completions, else a prefix), with the words of the list
 * that are a typo away from it as alternatives (any number of edits the word's length allows, not
 * only the fewest): the admin search shows titles with a misspelt word after those that hold the
 * words as typed.
 */
export async function wordsWithNearOnes(db: Database, words: string[]): Promise<QueryWord[]> {
  return groupByWord(await lookUpWords(db, words, true)).map(
    ({ word, completions, candidates }) => ({
      prefix: word,
      completions,
      near: nearWords(word, candidates),
    }),
  );
}

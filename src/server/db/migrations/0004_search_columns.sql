-- Search reads stored generated columns (search_text() and video_document() run once per write,
-- not for every candidate row of every search) and a word list for correcting misspelt words.
-- The expression indexes these columns replace go first, so the table rewrites below do not
-- rebuild them (each rebuild would run unaccent over every row once more).
DROP INDEX IF EXISTS "videos_document_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "videos_title_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "artists_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "artists_initial_idx";--> statement-breakpoint
-- COLLATE "C" (by hand: drizzle has no collation option): a LIKE 'prefix%' on the primary key
-- is then a range of the btree, whatever the database's collation.
CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "search_name" text GENERATED ALWAYS AS (public.search_text(name)) STORED NOT NULL;--> statement-breakpoint
-- One statement for the three columns: one rewrite of the table instead of three.
ALTER TABLE "videos"
  ADD COLUMN "search_title" text GENERATED ALWAYS AS (public.search_text(title)) STORED NOT NULL,
  ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (public.video_document(title, description)) STORED NOT NULL,
  ADD COLUMN "search_title_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('pg_catalog.simple'::regconfig, public.search_text(title))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "artists_search_name_trgm_idx" ON "artists" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "artists_search_initial_idx" ON "artists" USING btree (left("search_name", 1),"search_name");--> statement-breakpoint
CREATE INDEX "videos_search_title_trgm_idx" ON "videos" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_search_document_idx" ON "videos" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "videos_search_title_document_idx" ON "videos" USING gin ("search_title_document");
--> statement-breakpoint
-- The word list follows the videos. Inserts add their words once per statement (an import of 500
-- videos is one INSERT of their distinct words, not 500); an edit adds the words of the new title
-- and description. Words go in sorted, so two imports adding the same new words queue behind each
-- other instead of deadlocking. Digits-only words are left out: no one corrects a number.
CREATE OR REPLACE FUNCTION search_words_of_new_videos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT word FROM new_videos, unnest(tsvector_to_array(new_videos.search_document)) AS word
    WHERE word !~ '^[0-9]+$'
    ORDER BY word
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_search_words_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS new_videos
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_of_new_videos();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_of_edited_video() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT word FROM unnest(tsvector_to_array(NEW.search_document)) AS word
    WHERE word !~ '^[0-9]+$'
    ORDER BY word
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Saving a video always writes title and description; WHEN skips the saves that changed no word.
CREATE TRIGGER videos_search_words_update AFTER UPDATE OF title, description ON videos
  FOR EACH ROW WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document)
  EXECUTE FUNCTION search_words_of_edited_video();
--> statement-breakpoint
-- Words of the list that may be what a misspelt word meant, closest by trigrams first, for the
-- search to choose from by edit count (two edits at most, so lengths differ by two at most).
-- pg_trgm's % reads its threshold from a setting; the function's own SET keeps this one to its
-- calls. 0.2 is all that one swapped pair of letters leaves a five-letter word (trian ~ train);
-- a hair less, so float rounding cannot drop exactly that case. The planner prices a similarity
-- like a plain comparison and could pick a scan computing one per word: the index is forced.
CREATE OR REPLACE FUNCTION search_word_candidates(misspelt text) RETURNS SETOF text
  LANGUAGE sql STABLE STRICT PARALLEL SAFE ROWS 50
  SET pg_trgm.similarity_threshold = 0.19
  SET enable_seqscan = off
  AS $$
    SELECT s.word FROM public.search_words s
    WHERE s.word OPERATOR(public.%) misspelt
      AND length(s.word) BETWEEN length(misspelt) - 2 AND length(misspelt) + 2
    ORDER BY public.similarity(s.word, misspelt) DESC, s.word
    LIMIT 50
  $$;
--> statement-breakpoint
-- Ids of the artists whose name resembles the phrase word by word (<%, at the caller's
-- pg_trgm.word_similarity_threshold), always through the trigram index. The planner prices a
-- similarity like a plain comparison, so for a phrase of many trigrams it chose to scan the table
-- and compute one for every artist (35-50 ms at 10k artists, against 2-5 through the index).
CREATE OR REPLACE FUNCTION artists_resembling(phrase text) RETURNS SETOF integer
  LANGUAGE sql STABLE PARALLEL SAFE ROWS 50
  SET enable_seqscan = off
  AS $$ SELECT a.id FROM public.artists a WHERE phrase OPERATOR(public.<%) a.search_name $$;
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT word FROM videos, unnest(tsvector_to_array(videos.search_document)) AS word
  WHERE word !~ '^[0-9]+$'
  ORDER BY word
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Fresh statistics for the new columns now, not at the next autovacuum: without them the planner
-- guesses every full-text match rare and reads broad ones in full.
ANALYZE videos, artists, search_words;

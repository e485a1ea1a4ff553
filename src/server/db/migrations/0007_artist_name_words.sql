ALTER TABLE "artists" ADD COLUMN "search_name_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('pg_catalog.simple'::regconfig, public.search_text(name))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "artists_search_name_document_idx" ON "artists" USING gin ("search_name_document");--> statement-breakpoint
-- Artist names' words join the word list that misspelt search words are corrected against, so a
-- typo of a name finds the artist even before any video names them.
CREATE OR REPLACE FUNCTION search_words_of_artist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT word FROM unnest(tsvector_to_array(NEW.search_name_document)) AS word
    WHERE word !~ '^[0-9]+$'
    ORDER BY word
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER artists_search_words AFTER INSERT OR UPDATE OF name ON artists
  FOR EACH ROW EXECUTE FUNCTION search_words_of_artist();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT word FROM artists, unnest(tsvector_to_array(artists.search_name_document)) AS word
  WHERE word !~ '^[0-9]+$'
  ORDER BY word
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ANALYZE artists, search_words;

-- Search: accent- and case-insensitive text, full-text documents and trigram indexes.
-- Kept to SQL that both PostgreSQL 15 and PGlite run.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); indexes need IMMUTABLE, so this wrapper
-- pins the dictionary. Everything searched goes through search_text() on both sides of a comparison.
-- Names are schema-qualified because PostgreSQL 17+ builds indexes with an empty search_path.
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_document(title text, description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('pg_catalog.simple'::regconfig, public.search_text(coalesce(title, ''))), 'A')
        || setweight(to_tsvector('pg_catalog.simple'::regconfig, public.search_text(coalesce(description, ''))), 'B')
  $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS videos_document_idx ON videos USING gin (public.video_document(title, description));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS videos_title_trgm_idx ON videos USING gin (public.search_text(title) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS artists_name_trgm_idx ON artists USING gin (public.search_text(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS artists_initial_idx ON artists (left(public.search_text(name), 1), public.search_text(name));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tags_name_trgm_idx ON tags USING gin (public.search_text(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users USING gin (public.search_text(first_name || ' ' || last_name) gin_trgm_ops);
--> statement-breakpoint
-- Like counters: triggers keep videos.like_count and artists.like_count exact on every insert and
-- delete, including the cascades of deleting a user, so "popular" is an index scan, never a count.
CREATE OR REPLACE FUNCTION video_likes_counter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE videos SET like_count = like_count + 1 WHERE id = NEW.video_id;
  ELSE
    UPDATE videos SET like_count = like_count - 1 WHERE id = OLD.video_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER video_likes_counter AFTER INSERT OR DELETE ON video_likes
  FOR EACH ROW EXECUTE FUNCTION video_likes_counter();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION artist_likes_counter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE artists SET like_count = like_count + 1 WHERE id = NEW.artist_id;
  ELSE
    UPDATE artists SET like_count = like_count - 1 WHERE id = OLD.artist_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER artist_likes_counter AFTER INSERT OR DELETE ON artist_likes
  FOR EACH ROW EXECUTE FUNCTION artist_likes_counter();

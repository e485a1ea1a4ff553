CREATE TABLE "video_popularity" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"like_count" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (public.search_text(first_name || ' ' || last_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "video_popularity" ADD CONSTRAINT "video_popularity_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_popularity_rank_idx" ON "video_popularity" USING btree ("like_count" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"video_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "artist_likes_user_recent_idx" ON "artist_likes" USING btree ("user_id","created_at" DESC NULLS FIRST,"artist_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_admin_last_login_idx" ON "users" USING btree ("is_admin","last_login" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "video_likes_user_recent_idx" ON "video_likes" USING btree ("user_id","created_at" DESC NULLS FIRST,"video_id" DESC NULLS FIRST);--> statement-breakpoint
-- Replaced by the stored column's index: the expression ran unaccent for every user a search read.
DROP INDEX IF EXISTS "users_name_trgm_idx";
--> statement-breakpoint
INSERT INTO video_popularity (video_id, like_count, published_at)
  SELECT id, like_count, published_at FROM videos;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_popularity_of_new_videos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO video_popularity (video_id, like_count, published_at)
    SELECT id, like_count, published_at FROM added;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_popularity_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION video_popularity_of_new_videos();
--> statement-breakpoint
-- Follows every change of a video's count (the like triggers of migration 0001, a bulk load) and
-- date, in the same transaction.
CREATE OR REPLACE FUNCTION video_popularity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE video_popularity SET like_count = NEW.like_count, published_at = NEW.published_at
    WHERE video_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_popularity_changed AFTER UPDATE OF published_at, like_count ON videos
  FOR EACH ROW
  WHEN (OLD.published_at IS DISTINCT FROM NEW.published_at OR OLD.like_count IS DISTINCT FROM NEW.like_count)
  EXECUTE FUNCTION video_popularity_changed();
--> statement-breakpoint
ANALYZE users, video_popularity, video_likes, artist_likes;

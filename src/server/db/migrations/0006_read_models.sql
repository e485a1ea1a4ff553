CREATE TABLE "video_suggestions" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_suggestions_stale" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"stamp" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "tag_list" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "video_suggestions" ADD CONSTRAINT "video_suggestions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A video's tags as the API shows them: [{"id":..,"name":..}] by name. Kept on videos.tag_list by
-- the triggers below, so a list of videos reads its tags with the rows instead of one lookup each.
CREATE OR REPLACE FUNCTION video_tag_list(vid integer) RETURNS json
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT coalesce(json_agg((SELECT to_json(tag) FROM (SELECT t.id, t.name) tag) ORDER BY t.name, t.id), '[]'::json)
    FROM public.video_tags vt JOIN public.tags t ON t.id = vt.tag_id
    WHERE vt.video_id = vid
  $$;
--> statement-breakpoint
-- The videos that share the most tags with a video, public ones only, the most shared first, then
-- the newest: what the video page suggests before topping up with the newest videos. It groups
-- every video sharing a tag, which is why its answers are kept in video_suggestions.
CREATE OR REPLACE FUNCTION suggested_video_ids(vid integer) RETURNS integer[]
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(ranked.id ORDER BY ranked.n DESC, ranked.published_at DESC, ranked.id DESC), '{}')
    FROM (
      SELECT v.id, v.published_at, count(*) AS n
      FROM public.video_tags own
      JOIN public.video_tags vt ON vt.tag_id = own.tag_id AND vt.video_id <> own.video_id
      JOIN public.videos v ON v.id = vt.video_id AND v.is_public
      WHERE own.video_id = vid
      GROUP BY v.id
      ORDER BY count(*) DESC, v.published_at DESC, v.id DESC
      LIMIT 12
    ) ranked
  $$;
--> statement-breakpoint
-- Marks videos' suggestions as out of date: queued for the refresher, and no longer served. The
-- queue row is written first and always touched (stamp), so a refresh that read the catalogue
-- before this change either waits for it or fails to take the row away (see the refresher).
-- Sorted, so two writers queuing the same videos wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION queue_video_suggestions(video_ids integer[]) RETURNS void
  LANGUAGE sql AS $$
    INSERT INTO public.video_suggestions_stale (video_id)
      SELECT DISTINCT id FROM unnest(video_ids) AS id ORDER BY id
    ON CONFLICT (video_id) DO UPDATE SET stamp = public.video_suggestions_stale.stamp + 1;
    DELETE FROM public.video_suggestions WHERE video_id = ANY(video_ids);
  $$;
--> statement-breakpoint
-- Tags added to or taken from videos: those videos' tag lists, and the suggestions of every video
-- that had or has one of those tags.
CREATE OR REPLACE FUNCTION video_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.videos v SET tag_list = public.video_tag_list(v.id)
    WHERE v.id IN (SELECT video_id FROM changed);
  PERFORM public.queue_video_suggestions(ARRAY(
    SELECT video_id FROM changed
    UNION SELECT vt.video_id FROM public.video_tags vt WHERE vt.tag_id IN (SELECT tag_id FROM changed)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER video_tags_added AFTER INSERT ON video_tags
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION video_tags_changed();
--> statement-breakpoint
CREATE TRIGGER video_tags_removed AFTER DELETE ON video_tags
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION video_tags_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tag_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.videos v SET tag_list = public.video_tag_list(v.id)
    WHERE v.id IN (SELECT vt.video_id FROM public.video_tags vt WHERE vt.tag_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tags_renamed AFTER UPDATE OF name ON tags
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION tag_renamed();
--> statement-breakpoint
-- A video made public or private, or given another date, moves in the suggestions of every video
-- sharing a tag with it.
CREATE OR REPLACE FUNCTION video_rank_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.queue_video_suggestions(ARRAY(
    SELECT vt.video_id FROM public.video_tags own
    JOIN public.video_tags vt ON vt.tag_id = own.tag_id AND vt.video_id <> own.video_id
    WHERE own.video_id = NEW.id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_rank_changed AFTER UPDATE OF is_public, published_at ON videos
  FOR EACH ROW
  WHEN (OLD.is_public IS DISTINCT FROM NEW.is_public OR OLD.published_at IS DISTINCT FROM NEW.published_at)
  EXECUTE FUNCTION video_rank_changed();
--> statement-breakpoint
-- A new video has no tags, so nothing to share yet; it is queued so that its own (empty) list is
-- kept like every other.
CREATE OR REPLACE FUNCTION videos_added_suggestions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.queue_video_suggestions(ARRAY(SELECT id FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_suggestions_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION videos_added_suggestions();
--> statement-breakpoint
UPDATE videos SET tag_list = video_tag_list(id)
  WHERE EXISTS (SELECT 1 FROM video_tags vt WHERE vt.video_id = videos.id);
--> statement-breakpoint
INSERT INTO video_suggestions_stale (video_id) SELECT id FROM videos ORDER BY id;

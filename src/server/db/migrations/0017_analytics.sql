CREATE TABLE "daily_viewers" (
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "daily_viewers_day_viewer_pk" PRIMARY KEY("day","viewer")
);
--> statement-breakpoint
CREATE TABLE "site_daily_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"seconds_watched" bigint DEFAULT 0 NOT NULL,
	"finishes" integer DEFAULT 0 NOT NULL,
	"viewers" integer,
	"new_accounts" integer,
	"likes" integer
);
--> statement-breakpoint
CREATE INDEX "artist_likes_created_idx" ON "artist_likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "video_likes_created_idx" ON "video_likes" USING btree ("created_at");--> statement-breakpoint
-- The days watched before this migration: their totals from video_daily_stats (unique viewers
-- were not measured then, and stay null).
INSERT INTO "site_daily_stats" ("day", "views", "seconds_watched", "finishes")
SELECT "day", sum("views")::int, sum("seconds_watched"), sum("finishes")::int
FROM "video_daily_stats" GROUP BY "day";

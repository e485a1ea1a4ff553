CREATE TABLE "analytics_months" (
	"month" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_monthly_stats" (
	"month" date NOT NULL,
	"video_id" integer NOT NULL,
	"views" integer NOT NULL,
	"seconds_watched" bigint NOT NULL,
	"finishes" integer NOT NULL,
	CONSTRAINT "video_monthly_stats_month_video_id_pk" PRIMARY KEY("month","video_id")
);
--> statement-breakpoint
ALTER TABLE "video_monthly_stats" ADD CONSTRAINT "video_monthly_stats_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_monthly_stats_video_idx" ON "video_monthly_stats" USING btree ("video_id");
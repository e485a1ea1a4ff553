CREATE TABLE "my_list" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "my_list_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "video_daily_stats" (
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"seconds_watched" bigint DEFAULT 0 NOT NULL,
	"finishes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_daily_stats_video_id_day_pk" PRIMARY KEY("video_id","day")
);
--> statement-breakpoint
CREATE TABLE "view_marks" (
	"video_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "view_marks_video_id_viewer_pk" PRIMARY KEY("video_id","viewer")
);
--> statement-breakpoint
CREATE TABLE "view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_progress" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"position" real NOT NULL,
	"duration" real NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_from_continue" boolean DEFAULT false NOT NULL,
	CONSTRAINT "watch_progress_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "history_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "view_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "my_list" ADD CONSTRAINT "my_list_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "my_list" ADD CONSTRAINT "my_list_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_daily_stats" ADD CONSTRAINT "video_daily_stats_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_marks" ADD CONSTRAINT "view_marks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "my_list_user_recent_idx" ON "my_list" USING btree ("user_id","added_at" DESC NULLS FIRST,"video_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "my_list_video_idx" ON "my_list" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_daily_stats_day_idx" ON "video_daily_stats" USING btree ("day","video_id");--> statement-breakpoint
CREATE INDEX "view_marks_counted_idx" ON "view_marks" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "watch_progress_user_recent_idx" ON "watch_progress" USING btree ("user_id","updated_at" DESC NULLS FIRST,"video_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "watch_progress_video_idx" ON "watch_progress" USING btree ("video_id");
ALTER TABLE "videos" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "videos_publish_at_idx" ON "videos" USING btree ("publish_at") WHERE "videos"."publish_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_publish_at_private_check" CHECK ("videos"."publish_at" IS NULL OR NOT "videos"."is_public");
DROP INDEX "artists_like_count_idx";--> statement-breakpoint
DROP INDEX "videos_public_published_idx";--> statement-breakpoint
DROP INDEX "videos_published_idx";--> statement-breakpoint
DROP INDEX "videos_like_count_idx";--> statement-breakpoint
CREATE INDEX "artists_like_count_idx" ON "artists" USING btree ("like_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "videos_public_published_idx" ON "videos" USING btree ("is_public","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_like_count_idx" ON "videos" USING btree ("like_count" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
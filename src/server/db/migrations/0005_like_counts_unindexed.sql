-- Every like and unlike updates like_count (the triggers of migration 0001). While like_count was
-- in an index, each of those updates was a new row version entered in every index of the row
-- (videos has eight, three of them GIN); without it the update is HOT: same page, no index touched.
-- Only the dashboard's "most liked" top 10 read these indexes; it now scans the table instead
-- (35-50 ms for 100,000 videos, a few ms for 10,000 artists), which is fine for an admin page.
DROP INDEX "artists_like_count_idx";--> statement-breakpoint
DROP INDEX "videos_like_count_idx";

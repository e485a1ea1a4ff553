CREATE TABLE "channel_sync_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"channel_title" text DEFAULT '' NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"found" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"error" text,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "channel_sync_runs_trigger_check" CHECK ("channel_sync_runs"."trigger" IN ('schedule', 'manual', 'push')),
	CONSTRAINT "channel_sync_runs_status_check" CHECK ("channel_sync_runs"."status" IN ('running', 'done', 'failed', 'interrupted'))
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"uploads_playlist_id" text,
	"unreadable_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"push_state" text DEFAULT 'off' NOT NULL,
	"push_secret" text,
	"push_lease_until" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_token" text,
	"last_synced_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure" text,
	"last_error" text,
	"retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "youtube_channels_push_state_check" CHECK ("youtube_channels"."push_state" IN ('off', 'pending', 'active', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "youtube_quota_days" (
	"day" date PRIMARY KEY NOT NULL,
	"units" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "channel_sync_runs_started_idx" ON "channel_sync_runs" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "youtube_channels_channel_id_key" ON "youtube_channels" USING btree ("channel_id");
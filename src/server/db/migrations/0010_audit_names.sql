ALTER TABLE "audit_log" ADD COLUMN "target_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "details" text[] DEFAULT '{}'::text[] NOT NULL;
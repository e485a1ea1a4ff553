CREATE TABLE "mailing_recipients" (
	"mailing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "mailing_recipients_mailing_id_user_id_pk" PRIMARY KEY("mailing_id","user_id"),
	CONSTRAINT "mailing_recipients_state_check" CHECK ("mailing_recipients"."state" IN ('queued', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"intro" text NOT NULL,
	"video_ids" integer[] NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"job_id" bigint,
	"last_error" text,
	CONSTRAINT "mailings_state_check" CHECK ("mailings"."state" IN ('sending', 'paused', 'cancelled', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_days" (
	"day" date PRIMARY KEY NOT NULL,
	"subscribed" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "newsletter_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD CONSTRAINT "mailing_recipients_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD CONSTRAINT "mailing_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailing_recipients_unsent_idx" ON "mailing_recipients" USING btree ("mailing_id","user_id") WHERE "mailing_recipients"."state" IN ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "mailing_recipients_user_idx" ON "mailing_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mailings_created_idx" ON "mailings" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailings_one_current" ON "mailings" USING btree ((true)) WHERE "mailings"."state" IN ('sending', 'paused');--> statement-breakpoint
CREATE INDEX "users_newsletter_idx" ON "users" USING btree ("id") WHERE "users"."newsletter";--> statement-breakpoint
-- Who was subscribed before: since their account was made (the nearest thing known).
UPDATE "users" SET "newsletter_since" = "created_at" WHERE "newsletter";--> statement-breakpoint
INSERT INTO "newsletter_days" ("day", "subscribed")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, count(*) FROM "users" WHERE "newsletter" GROUP BY 1;--> statement-breakpoint
-- Every write path (sign-up, the account form, an administrator, a seed, an unsubscribe link)
-- keeps newsletter_since and the day counts the same way.
CREATE OR REPLACE FUNCTION newsletter_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.newsletter THEN
      INSERT INTO newsletter_days AS d (day, unsubscribed) VALUES ((now() AT TIME ZONE 'UTC')::date, 1)
        ON CONFLICT (day) DO UPDATE SET unsubscribed = d.unsubscribed + 1;
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.newsletter AND (TG_OP = 'INSERT' OR NOT OLD.newsletter) THEN
    NEW.newsletter_since := CASE WHEN TG_OP = 'INSERT' THEN coalesce(NEW.newsletter_since, now()) ELSE now() END;
    INSERT INTO newsletter_days AS d (day, subscribed)
      VALUES ((NEW.newsletter_since AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT (day) DO UPDATE SET subscribed = d.subscribed + 1;
  ELSIF NOT NEW.newsletter THEN
    NEW.newsletter_since := NULL;
    IF TG_OP = 'UPDATE' AND OLD.newsletter THEN
      INSERT INTO newsletter_days AS d (day, unsubscribed) VALUES ((now() AT TIME ZONE 'UTC')::date, 1)
        ON CONFLICT (day) DO UPDATE SET unsubscribed = d.unsubscribed + 1;
    END IF;
  ELSE
    NEW.newsletter_since := OLD.newsletter_since;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER newsletter_subscription BEFORE INSERT OR UPDATE OF newsletter, newsletter_since OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION newsletter_subscription();

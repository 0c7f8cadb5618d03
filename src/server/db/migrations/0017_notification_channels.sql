CREATE TABLE "telegram_bot_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"update_offset" bigint DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "webhooks_user_idx";--> statement-breakpoint
ALTER TABLE "webhooks" drop column "host";--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "host" text GENERATED ALWAYS AS (coalesce(lower(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]+)')), lower(substring(url from '^([a-zA-Z][a-zA-Z0-9+.-]*):')), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "kind" text DEFAULT 'webhook' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "config" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "quiet_hours" jsonb;--> statement-breakpoint
CREATE INDEX "webhooks_user_idx" ON "webhooks" USING btree ("user_id","kind","created_at");--> statement-breakpoint
ALTER TABLE "webhook_expiry_marks" ADD COLUMN "days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "reminder_days" integer[] DEFAULT '{7,3,1,0}' NOT NULL;--> statement-breakpoint
-- A webhook keeps its one threshold; the marks already made mean their end date was told of.
UPDATE "webhooks" SET "reminder_days" = ARRAY["expiring_days"];--> statement-breakpoint
ALTER TABLE "webhooks" DROP COLUMN "expiring_days";--> statement-breakpoint
ALTER TABLE "voip_numbers" ADD COLUMN "dead_told_for" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "voip_numbers_failing_idx" ON "voip_numbers" USING btree ("failing_since") WHERE "voip_numbers"."is_active" and "voip_numbers"."failing_since" is not null;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "digest_week" date;--> statement-breakpoint
ALTER TABLE "telegram_bot_state" ADD COLUMN "token_enc" text;

CREATE TABLE "webhook_expiry_marks" (
	"webhook_id" uuid NOT NULL,
	"number_id" uuid NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_expiry_marks_webhook_id_number_id_end_date_pk" PRIMARY KEY("webhook_id","number_id","end_date")
);
--> statement-breakpoint
ALTER TABLE "voip_numbers" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "host" text GENERATED ALWAYS AS (lower(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]+)'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "expiring_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_expiry_marks" ADD CONSTRAINT "webhook_expiry_marks_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_expiry_marks" ADD CONSTRAINT "webhook_expiry_marks_number_id_voip_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."voip_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voip_numbers_user_end_idx" ON "voip_numbers" USING btree ("user_id","end_date") WHERE "voip_numbers"."end_date" is not null;--> statement-breakpoint
CREATE INDEX "deliveries_done_idx" ON "deliveries" USING btree ("created_at") WHERE "deliveries"."status" <> 'pending';--> statement-breakpoint
-- Numbers already failing (3 failed polls in a row) were told of: their recovery is what comes next.
UPDATE "voip_numbers" SET "failing_since" = coalesce("last_polled_at", now()) WHERE "failures" >= 3;

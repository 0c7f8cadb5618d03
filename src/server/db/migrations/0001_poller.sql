DROP INDEX "voip_numbers_due_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "watched_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_number_created_idx" ON "messages" USING btree ("voip_number_id","created_at");--> statement-breakpoint
CREATE INDEX "voip_numbers_due_idx" ON "voip_numbers" USING btree ("next_poll_at") WHERE "voip_numbers"."is_active";
-- A number's creation time to the millisecond, as the list's cursor carries it (numbers imported
-- together share one now(): with microseconds they fell after their own page's cursor on PostgreSQL).
-- Search: the user's distinct hosts by a skip scan, then the numbers on the matching hosts
-- (numbers.repository searchTerms / searchParts).
ALTER TABLE "voip_numbers" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "voip_numbers" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
CREATE INDEX "voip_numbers_user_host_idx" ON "voip_numbers" USING btree ("user_id","api_host","created_at","id");
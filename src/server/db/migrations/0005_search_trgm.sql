-- Trigram indexes for the numbers search (substring LIKE / ILIKE); PGlite loads pg_trgm in openPglite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "voip_numbers_host_trgm_idx" ON "voip_numbers" USING gin ("api_host" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "voip_numbers_phone_trgm_idx" ON "voip_numbers" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_name_trgm_idx" ON "tags" USING gin ("name" gin_trgm_ops);
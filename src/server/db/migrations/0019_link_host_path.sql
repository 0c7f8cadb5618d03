ALTER TABLE "voip_numbers" ADD COLUMN "api_host_path" text;--> statement-breakpoint
CREATE INDEX "voip_numbers_host_path_trgm_idx" ON "voip_numbers" USING gin ("api_host_path" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "voip_numbers_host_path_missing_idx" ON "voip_numbers" USING btree ("id") WHERE "voip_numbers"."api_host_path" is null;
-- One name for the concept: a single endpoint (the UI keeps the label 'Single API').
ALTER TABLE "single_api_entries" RENAME TO "single_endpoints";--> statement-breakpoint
ALTER TABLE "single_endpoints" RENAME CONSTRAINT "single_api_entries_pkey" TO "single_endpoints_pkey";--> statement-breakpoint
ALTER TABLE "single_endpoints" RENAME CONSTRAINT "single_api_entries_user_id_users_id_fk" TO "single_endpoints_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "single_endpoints" RENAME CONSTRAINT "single_api_entries_voip_number_id_voip_numbers_id_fk" TO "single_endpoints_voip_number_id_voip_numbers_id_fk";--> statement-breakpoint
ALTER INDEX "single_api_entries_hash_uq" RENAME TO "single_endpoints_hash_uq";--> statement-breakpoint
ALTER INDEX "single_api_entries_user_created_idx" RENAME TO "single_endpoints_user_created_idx";--> statement-breakpoint
ALTER INDEX "single_api_entries_number_idx" RENAME TO "single_endpoints_number_idx";--> statement-breakpoint
ALTER INDEX "single_api_entries_user_remark_idx" RENAME TO "single_endpoints_user_remark_idx";

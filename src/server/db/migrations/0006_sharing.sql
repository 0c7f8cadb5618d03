CREATE TABLE "public_page_numbers" (
	"page_id" uuid NOT NULL,
	"voip_number_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "public_page_numbers_page_id_voip_number_id_pk" PRIMARY KEY("page_id","voip_number_id")
);
--> statement-breakpoint
CREATE TABLE "public_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"last_accessed" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "single_api_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"voip_number_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT 'none' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"last_accessed" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voip_numbers" ADD COLUMN "watched_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voip_numbers" ADD COLUMN "expecting_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "public_page_numbers" ADD CONSTRAINT "public_page_numbers_page_id_public_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."public_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_page_numbers" ADD CONSTRAINT "public_page_numbers_voip_number_id_voip_numbers_id_fk" FOREIGN KEY ("voip_number_id") REFERENCES "public"."voip_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_pages" ADD CONSTRAINT "public_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_api_entries" ADD CONSTRAINT "single_api_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_api_entries" ADD CONSTRAINT "single_api_entries_voip_number_id_voip_numbers_id_fk" FOREIGN KEY ("voip_number_id") REFERENCES "public"."voip_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_page_numbers_number_idx" ON "public_page_numbers" USING btree ("voip_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_pages_hash_uq" ON "public_pages" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "public_pages_user_created_idx" ON "public_pages" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "single_api_entries_hash_uq" ON "single_api_entries" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "single_api_entries_user_created_idx" ON "single_api_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "single_api_entries_number_idx" ON "single_api_entries" USING btree ("voip_number_id");--> statement-breakpoint
CREATE INDEX "single_api_entries_user_remark_idx" ON "single_api_entries" USING btree ("user_id","remark");
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voip_number_tags" (
	"voip_number_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "voip_number_tags_voip_number_id_tag_id_pk" PRIMARY KEY("voip_number_id","tag_id")
);
--> statement-breakpoint
DROP INDEX "voip_numbers_user_created_idx";--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_number_tags" ADD CONSTRAINT "voip_number_tags_voip_number_id_voip_numbers_id_fk" FOREIGN KEY ("voip_number_id") REFERENCES "public"."voip_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_number_tags" ADD CONSTRAINT "voip_number_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_user_name_uq" ON "tags" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "voip_number_tags_tag_idx" ON "voip_number_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "voip_numbers_user_created_idx" ON "voip_numbers" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
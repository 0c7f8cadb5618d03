CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_ck" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "login_code_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_codes" (
	"email" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"link_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voip_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"api_link_enc" text NOT NULL,
	"api_host" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"last_used" timestamp with time zone,
	"end_date" timestamp with time zone,
	"date_last_checked" timestamp with time zone,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_polled_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voip_number_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"content" text NOT NULL,
	"code" text,
	"received_at" timestamp with time zone NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_numbers" ADD CONSTRAINT "voip_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_voip_number_id_voip_numbers_id_fk" FOREIGN KEY ("voip_number_id") REFERENCES "public"."voip_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_number_tags" ADD CONSTRAINT "voip_number_tags_voip_number_id_voip_numbers_id_fk" FOREIGN KEY ("voip_number_id") REFERENCES "public"."voip_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_number_tags" ADD CONSTRAINT "voip_number_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_code_sends_email_idx" ON "login_code_sends" USING btree ("email","sent_at");--> statement-breakpoint
CREATE INDEX "login_code_sends_ip_idx" ON "login_code_sends" USING btree ("ip","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "login_codes_link_uq" ON "login_codes" USING btree ("link_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_messages_ip_idx" ON "contact_messages" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voip_numbers_user_phone_uq" ON "voip_numbers" USING btree ("user_id","phone_number");--> statement-breakpoint
CREATE INDEX "voip_numbers_user_created_idx" ON "voip_numbers" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "voip_numbers_due_idx" ON "voip_numbers" USING btree ("next_poll_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_number_dedupe_uq" ON "messages" USING btree ("voip_number_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "messages_number_received_idx" ON "messages" USING btree ("voip_number_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_user_name_uq" ON "tags" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "voip_number_tags_tag_idx" ON "voip_number_tags" USING btree ("tag_id");
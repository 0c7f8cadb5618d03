-- Held until the migration commits: no message is added or removed between the backfill of
-- message_daily_counts below and the triggers that keep it (as number_counts in 0002).
LOCK TABLE "messages" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "message_daily_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"permissions" jsonb DEFAULT '{"blog":true,"users":true,"analytics":true,"settings":true}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_role_ck" CHECK ("admin_users"."role" in ('editor', 'admin', 'super_admin'))
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"author" text DEFAULT 'VOIP Manager Team' NOT NULL,
	"category" text DEFAULT 'General' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"read_time" text DEFAULT '5 min read' NOT NULL,
	"meta_description" text,
	"meta_keywords" text,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_user_uq" ON "admin_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_uq" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_published_created_idx" ON "blog_posts" USING btree ("created_at","id") WHERE "blog_posts"."published";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");
--> statement-breakpoint
INSERT INTO "message_daily_counts" ("day", "total")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, count(*) FROM "messages" GROUP BY 1;
--> statement-breakpoint
CREATE FUNCTION "message_daily_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "message_daily_counts" AS c ("day", "total")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, count(*) FROM "added" GROUP BY 1 ORDER BY 1
  ON CONFLICT ("day") DO UPDATE SET "total" = c."total" + excluded."total";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "message_daily_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "message_daily_counts" AS c SET "total" = c."total" - r."n"
  FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS "day", count(*) AS "n"
        FROM "removed" GROUP BY 1) r
  WHERE c."day" = r."day";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "message_daily_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "message_daily_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_daily_add" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "message_daily_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "messages_daily_remove" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "message_daily_counts_remove"();
--> statement-breakpoint
CREATE TRIGGER "messages_daily_truncate" AFTER TRUNCATE ON "messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "message_daily_counts_truncate"();
--> statement-breakpoint
-- The admin users search: email substrings (trigram) and ID prefixes.
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_id_text_idx" ON "users" (("id"::text) text_pattern_ops);

-- Held until the migration commits (drizzle runs pending migrations in one transaction): no
-- number is added or removed between the backfill below and the triggers that keep it.
LOCK TABLE "voip_numbers" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "number_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "number_counts" ADD CONSTRAINT "number_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "number_counts" ("user_id", "total")
SELECT "user_id", count(*) FROM "voip_numbers" GROUP BY "user_id";
--> statement-breakpoint
CREATE FUNCTION "number_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "number_counts" AS c ("user_id", "total")
  SELECT "user_id", count(*) FROM "added" GROUP BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "total" = c."total" + excluded."total";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Update only: when a user is deleted, the cascade may remove their count row before their numbers.
CREATE FUNCTION "number_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "number_counts" AS c SET "total" = c."total" - r."n"
  FROM (SELECT "user_id", count(*) AS "n" FROM "removed" GROUP BY "user_id") r
  WHERE c."user_id" = r."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "voip_numbers_count_add" AFTER INSERT ON "voip_numbers"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "number_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "voip_numbers_count_remove" AFTER DELETE ON "voip_numbers"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "number_counts_remove"();

--> statement-breakpoint
CREATE FUNCTION "number_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "number_counts" SET "total" = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "voip_numbers_count_truncate" AFTER TRUNCATE ON "voip_numbers"
  FOR EACH STATEMENT EXECUTE FUNCTION "number_counts_truncate"();

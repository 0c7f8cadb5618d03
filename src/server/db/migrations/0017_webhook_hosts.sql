ALTER TABLE "webhooks" ADD COLUMN "host" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "webhooks" SET "host" = lower(substring("url" from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]+)'));

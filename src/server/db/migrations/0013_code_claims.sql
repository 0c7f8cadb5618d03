CREATE TABLE "code_claims" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"voip_number_id" uuid NOT NULL,
	"request_key" text,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_claims" ADD CONSTRAINT "code_claims_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_claims" ADD CONSTRAINT "code_claims_voip_number_id_voip_numbers_id_fk" FOREIGN KEY ("voip_number_id") REFERENCES "public"."voip_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_claims_request_uq" ON "code_claims" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "code_claims_number_idx" ON "code_claims" USING btree ("voip_number_id");
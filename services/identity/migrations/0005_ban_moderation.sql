ALTER TABLE "identity"."bans" ADD COLUMN "moderator" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."bans" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."bans" ADD COLUMN "lifted_by" text;--> statement-breakpoint
ALTER TABLE "identity"."bans" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bans_request_id_key" ON "identity"."bans" USING btree ("request_id");
CREATE TABLE "identity"."access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity"."account_log" DROP CONSTRAINT "account_log_type_known";--> statement-breakpoint
ALTER TABLE "identity"."account_log" ADD COLUMN "detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_key" ON "identity"."access_tokens" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "identity"."access_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "identity"."account_log" ADD CONSTRAINT "account_log_type_known" CHECK ("type" in ('passwordChanged', 'passwordReset', 'emailChanged', 'accountConfirmation', 'tokenCreated', 'tokenRevoked', 'tokenUsed'));
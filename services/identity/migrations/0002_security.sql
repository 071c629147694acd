CREATE TABLE "identity"."deletion_requests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"cancel_token_hash" "bytea" NOT NULL,
	CONSTRAINT "deletion_requests_cancel_token_key" UNIQUE("cancel_token_hash")
);
--> statement-breakpoint
CREATE TABLE "identity"."mfa_secrets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" "bytea" NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "headline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "birthdate" date;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "gender" text DEFAULT 'notSpecified' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "banner_key" text;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "banner_url" text;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "username_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "notifications" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."deletion_requests" ADD CONSTRAINT "deletion_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."mfa_secrets" ADD CONSTRAINT "mfa_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deletion_requests_due_idx" ON "identity"."deletion_requests" USING btree ("scheduled_for");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "identity"."recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "identity"."users" USING btree ("phone");
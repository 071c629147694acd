CREATE TABLE "publications"."merchant_accounts" (
	"publication_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_accounts_provider_known" CHECK ("provider" in ('stripe'))
);
--> statement-breakpoint
ALTER TABLE "publications"."subscriptions" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "publications"."subscriptions" ADD COLUMN "payment_state" text;--> statement-breakpoint
ALTER TABLE "publications"."subscriptions" ADD COLUMN "state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications"."merchant_accounts" ADD CONSTRAINT "merchant_accounts_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "publications"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_accounts_account_idx" ON "publications"."merchant_accounts" USING btree ("provider","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_key" ON "publications"."subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
ALTER TABLE "publications"."subscriptions" ADD CONSTRAINT "subscriptions_payment_state_known" CHECK ("payment_state" in ('active', 'pastDue', 'ended'));
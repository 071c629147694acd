CREATE TABLE "publications"."income_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"publication_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"plan_id" uuid,
	"plan_interval" text,
	"payment_ref" text NOT NULL,
	"event_id" text NOT NULL,
	"amount_qepik" bigint NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "income_entries_amount_positive" CHECK (amount_qepik > 0),
	CONSTRAINT "income_entries_currency_known" CHECK ("currency" = 'AZN'),
	CONSTRAINT "income_entries_provider_known" CHECK ("provider" in ('stripe')),
	CONSTRAINT "income_entries_plan_interval_known" CHECK ("plan_interval" in ('month', 'year'))
);
--> statement-breakpoint
ALTER TABLE "publications"."subscriptions" ADD COLUMN "provider_cancel_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "income_entries_payment_key" ON "publications"."income_entries" USING btree ("provider","payment_ref");--> statement-breakpoint
CREATE INDEX "income_entries_page_idx" ON "publications"."income_entries" USING btree ("publication_id","paid_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_cancel_pending_idx" ON "publications"."subscriptions" USING btree ("cancelled_at") WHERE provider_cancel_pending;
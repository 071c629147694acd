CREATE TABLE "donations"."accounts" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"thanks_message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "accounts_thanks_message_length" CHECK (char_length("donations"."accounts"."thanks_message") between 10 and 500)
);
--> statement-breakpoint
CREATE TABLE "donations"."cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uid" uuid NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"last4" text NOT NULL,
	"brand" text NOT NULL,
	"holder" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cards_provider_known" CHECK ("provider" in ('stripe')),
	CONSTRAINT "cards_brand_known" CHECK ("donations"."cards"."brand" = '' or "brand" in ('visa', 'mastercard', 'amex', 'maestro', 'unionpay', 'mir')),
	CONSTRAINT "cards_last4_digits" CHECK ("donations"."cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "cards_holder_format" CHECK ("holder" ~ '^[A-Z][A-Z.''-]*( [A-Z][A-Z.''-]*)*$')
);
--> statement-breakpoint
CREATE TABLE "donations"."ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_kind" text NOT NULL,
	"uid" uuid,
	"amount_qepik" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_account_kind_known" CHECK ("account_kind" in ('available', 'reserved', 'providerClearing', 'fees', 'payoutsPaid', 'shortfall')),
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("donations"."ledger_entries"."amount_qepik" <> 0),
	CONSTRAINT "ledger_entries_owner" CHECK (("uid" is not null) = ("account_kind" in ('available', 'reserved')))
);
--> statement-breakpoint
CREATE TABLE "donations"."ledger_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"support_id" uuid,
	"payout_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transactions_kind_known" CHECK ("kind" in ('supportReceived', 'platformFee', 'payoutReserved', 'payoutPaid', 'payoutFailedReleased', 'refund', 'dispute'))
);
--> statement-breakpoint
CREATE TABLE "donations"."payout_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"staff_sub" text NOT NULL,
	"staff_username" text NOT NULL,
	"reference" text NOT NULL,
	"note" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_actions_from_state_known" CHECK ("from_state" in ('requested', 'processing', 'paid', 'failed')),
	CONSTRAINT "payout_actions_to_state_known" CHECK ("to_state" in ('requested', 'processing', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "donations"."payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uid" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"card_last4" text NOT NULL,
	"card_brand" text NOT NULL,
	"amount_qepik" bigint NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expected_date" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"failure_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "payouts_amount_range" CHECK (amount_qepik between 1000 and 10000),
	CONSTRAINT "payouts_state_known" CHECK ("state" in ('requested', 'processing', 'paid', 'failed')),
	CONSTRAINT "payouts_paid_has_reference" CHECK ("donations"."payouts"."state" <> 'paid' or "donations"."payouts"."reference" <> '')
);
--> statement-breakpoint
CREATE TABLE "donations"."supports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"supporter_uid" uuid NOT NULL,
	"recipient_uid" uuid NOT NULL,
	"amount_qepik" bigint NOT NULL,
	"currency" text NOT NULL,
	"article_id" uuid,
	"public" boolean NOT NULL,
	"note" text NOT NULL,
	"state" text NOT NULL,
	"provider" text NOT NULL,
	"checkout_id" text,
	"payment_id" text,
	"refunded_qepik" bigint DEFAULT 0 NOT NULL,
	"disputed_qepik" bigint DEFAULT 0 NOT NULL,
	"shortfall_qepik" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supports_amount_range" CHECK (amount_qepik between 100 and 10000),
	CONSTRAINT "supports_currency_known" CHECK ("currency" = 'AZN'),
	CONSTRAINT "supports_state_known" CHECK ("state" in ('pending', 'paid', 'failed', 'refunded', 'disputed')),
	CONSTRAINT "supports_provider_known" CHECK ("provider" in ('stripe')),
	CONSTRAINT "supports_not_self" CHECK ("donations"."supports"."supporter_uid" <> "donations"."supports"."recipient_uid"),
	CONSTRAINT "supports_reversal_range" CHECK ("donations"."supports"."refunded_qepik" >= 0 and "donations"."supports"."disputed_qepik" >= 0 and "donations"."supports"."refunded_qepik" + "donations"."supports"."disputed_qepik" <= "donations"."supports"."amount_qepik" and "donations"."supports"."shortfall_qepik" between 0 and "donations"."supports"."refunded_qepik" + "donations"."supports"."disputed_qepik")
);
--> statement-breakpoint
CREATE TABLE "donations"."unmatched_webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"reason" text NOT NULL,
	"support_ref" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unmatched_webhooks_provider_known" CHECK ("provider" in ('stripe')),
	CONSTRAINT "unmatched_webhooks_reason_known" CHECK ("reason" in ('unknownSupport', 'amountMismatch', 'currencyMismatch'))
);
--> statement-breakpoint
ALTER TABLE "donations"."cards" ADD CONSTRAINT "cards_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "donations"."accounts"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations"."ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "donations"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations"."payout_actions" ADD CONSTRAINT "payout_actions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "donations"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations"."payouts" ADD CONSTRAINT "payouts_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "donations"."accounts"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_uid_idx" ON "donations"."cards" USING btree ("uid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "donations"."ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "donations"."ledger_entries" USING btree ("uid","account_kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reference_key" ON "donations"."ledger_transactions" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "payout_actions_payout_idx" ON "donations"."payout_actions" USING btree ("payout_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_active" ON "donations"."payouts" USING btree ("uid") WHERE state in ('requested', 'processing');--> statement-breakpoint
CREATE INDEX "payouts_uid_idx" ON "donations"."payouts" USING btree ("uid","requested_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_state_idx" ON "donations"."payouts" USING btree ("state","requested_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "supports_checkout_key" ON "donations"."supports" USING btree ("provider","checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supports_payment_key" ON "donations"."supports" USING btree ("provider","payment_id");--> statement-breakpoint
CREATE INDEX "supports_received_idx" ON "donations"."supports" USING btree ("recipient_uid","paid_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "supports_sent_idx" ON "donations"."supports" USING btree ("supporter_uid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_webhooks_event_key" ON "donations"."unmatched_webhooks" USING btree ("provider","event_id");
CREATE TABLE "notifications"."webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_response_status" integer,
	"last_response_body" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_known" CHECK ("status" in ('pending', 'succeeded', 'failed', 'dead')),
	CONSTRAINT "webhook_deliveries_event_type_known" CHECK ("event_type" in ('article.published', 'article.updated', 'article.removed', 'comment.published', 'subscription.started', 'subscription.ended'))
);
--> statement-breakpoint
CREATE TABLE "notifications"."webhook_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"url" text NOT NULL,
	"event_types" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_event_types_known" CHECK ("event_types" <@ array['article.published', 'article.updated', 'article.removed', 'comment.published', 'subscription.started', 'subscription.ended']::text[])
);
--> statement-breakpoint
ALTER TABLE "notifications"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "notifications"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event" ON "notifications"."webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "notifications"."webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "notifications"."webhook_deliveries" USING btree ("next_attempt_at") WHERE status in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "webhook_endpoints_client_idx" ON "notifications"."webhook_endpoints" USING btree ("client_id","created_at");
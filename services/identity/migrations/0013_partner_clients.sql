CREATE TABLE "identity"."partner_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"keycloak_id" text,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate_limit_per_minute" integer NOT NULL,
	"daily_quota" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	"secret_rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "partner_clients_status_known" CHECK ("status" in ('active', 'revoked')),
	CONSTRAINT "partner_clients_limits_positive" CHECK ("identity"."partner_clients"."rate_limit_per_minute" > 0 and "identity"."partner_clients"."daily_quota" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "partner_clients_client_id_key" ON "identity"."partner_clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_clients_name_key" ON "identity"."partner_clients" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "partner_clients_created_idx" ON "identity"."partner_clients" USING btree ("created_at");
CREATE SCHEMA IF NOT EXISTS "search";
--> statement-breakpoint
CREATE TABLE "search"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" "bytea" NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "search"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"subject" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "search"."documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"author_uid" uuid NOT NULL,
	"author_username" text NOT NULL,
	"author_fullname" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"revisions" integer DEFAULT 1 NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight((case language when 'en' then to_tsvector('english', coalesce(title, '')) when 'ru' then to_tsvector('russian', coalesce(title, '')) else to_tsvector('simple', coalesce(title, '')) end), 'A') || setweight((case language when 'en' then to_tsvector('english', coalesce(description, '')) when 'ru' then to_tsvector('russian', coalesce(description, '')) else to_tsvector('simple', coalesce(description, '')) end), 'B') || setweight((case language when 'en' then to_tsvector('english', coalesce(body, '')) when 'ru' then to_tsvector('russian', coalesce(body, '')) else to_tsvector('simple', coalesce(body, '')) end), 'C')) STORED NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "search"."outbox" USING btree ("created_at") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "search"."documents" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "documents_published_idx" ON "search"."documents" USING btree ("published_at" DESC NULLS LAST);
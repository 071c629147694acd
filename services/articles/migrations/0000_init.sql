CREATE SCHEMA IF NOT EXISTS "articles";
--> statement-breakpoint
CREATE TABLE "articles"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" "bytea" NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "articles"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"subject" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "articles"."articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"sub_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"content" jsonb NOT NULL,
	"body_text" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"word_count" integer NOT NULL,
	"symbol_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "articles"."authors" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"fullname" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "articles"."outbox" USING btree ("created_at") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles"."articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "articles_author_idx" ON "articles"."articles" USING btree ("author_id","created_at" DESC NULLS LAST);
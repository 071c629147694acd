CREATE TABLE "articles"."article_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"review_note" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"sub_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"content" jsonb NOT NULL,
	"body_text" text NOT NULL,
	"word_count" integer NOT NULL,
	"symbol_count" integer NOT NULL,
	"cover_key" text,
	"target" text DEFAULT 'personal' NOT NULL,
	"audience" text DEFAULT 'free' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "articles"."article_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"reporter_uid" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_reports_once" UNIQUE("reporter_uid","article_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "article_edits_open_idx" ON "articles"."article_edits" USING btree ("article_id") WHERE status in ('accepted', 'initialReview', 'underModeration');--> statement-breakpoint
CREATE INDEX "article_edits_article_idx" ON "articles"."article_edits" USING btree ("article_id","submitted_at");--> statement-breakpoint
CREATE INDEX "article_reports_reporter_idx" ON "articles"."article_reports" USING btree ("reporter_uid","created_at");--> statement-breakpoint
CREATE INDEX "article_reports_article_idx" ON "articles"."article_reports" USING btree ("article_id");
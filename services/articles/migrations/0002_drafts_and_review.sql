CREATE TABLE "articles"."drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"article_id" uuid,
	"translation_of" uuid,
	"language" text DEFAULT 'az' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" jsonb,
	"category" text DEFAULT '' NOT NULL,
	"sub_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_key" text,
	"target" text DEFAULT 'personal' NOT NULL,
	"audience" text DEFAULT 'free' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"preview_token" text,
	"preview_token_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles"."article_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles"."article_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles"."articles" ADD COLUMN "review_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles"."articles" ADD COLUMN "translation_of" uuid;--> statement-breakpoint
ALTER TABLE "articles"."articles" ADD COLUMN "cover_key" text;--> statement-breakpoint
ALTER TABLE "articles"."articles" ADD COLUMN "target" text DEFAULT 'personal' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles"."articles" ADD COLUMN "audience" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles"."articles" ADD COLUMN "edit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "drafts_owner_idx" ON "articles"."drafts" USING btree ("owner_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "drafts_article_idx" ON "articles"."drafts" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "drafts_translation_of_idx" ON "articles"."drafts" USING btree ("translation_of");--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_preview_token_idx" ON "articles"."drafts" USING btree ("preview_token");--> statement-breakpoint
CREATE INDEX "article_deletions_author_idx" ON "articles"."article_deletions" USING btree ("author_id","at");--> statement-breakpoint
CREATE INDEX "article_reviews_article_idx" ON "articles"."article_reviews" USING btree ("article_id","at");--> statement-breakpoint
CREATE INDEX "articles_translation_of_idx" ON "articles"."articles" USING btree ("translation_of");--> statement-breakpoint
UPDATE "articles"."articles" SET "status" = 'accepted' WHERE "status" = 'in_review';
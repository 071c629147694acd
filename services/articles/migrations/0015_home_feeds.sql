CREATE TABLE "articles"."article_trends" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"heat" double precision NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles"."category_follows" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles"."article_engagement" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "articles"."article_engagement" ADD COLUMN "publication_id" uuid;--> statement-breakpoint
ALTER TABLE "articles"."article_engagement" ADD COLUMN "translation_of" uuid;--> statement-breakpoint
UPDATE "articles"."article_engagement" e SET "language" = a."language", "publication_id" = a."publication_id", "translation_of" = a."translation_of" FROM "articles"."articles" a WHERE a."id" = e."article_id";--> statement-breakpoint
ALTER TABLE "articles"."article_engagement" ALTER COLUMN "language" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "articles"."article_trends" ADD CONSTRAINT "article_trends_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "articles"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_trends_heat_idx" ON "articles"."article_trends" USING btree ("heat" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "category_follows_category_idx" ON "articles"."category_follows" USING btree ("category");--> statement-breakpoint
CREATE INDEX "article_engagement_language_idx" ON "articles"."article_engagement" USING btree ("language","published_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "article_engagement_publication_idx" ON "articles"."article_engagement" USING btree ("publication_id","published_at" DESC NULLS LAST,"article_id" DESC NULLS LAST) WHERE publication_id is not null;
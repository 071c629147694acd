ALTER TABLE "articles"."articles" ADD COLUMN "publication_id" uuid;--> statement-breakpoint
ALTER TABLE "articles"."drafts" ADD COLUMN "publication_id" uuid;--> statement-breakpoint
ALTER TABLE "articles"."article_edits" ADD COLUMN "publication_id" uuid;--> statement-breakpoint
CREATE INDEX "articles_publication_idx" ON "articles"."articles" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "drafts_publication_idx" ON "articles"."drafts" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "article_edits_publication_idx" ON "articles"."article_edits" USING btree ("publication_id");
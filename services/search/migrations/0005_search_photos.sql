ALTER TABLE "search"."documents" ADD COLUMN "article_id" uuid;--> statement-breakpoint
ALTER TABLE "search"."documents" ADD COLUMN "image_url" text;--> statement-breakpoint
CREATE INDEX "documents_article_idx" ON "search"."documents" USING btree ("article_id") WHERE "search"."documents"."article_id" is not null;
-- Instant suggestions from titles only, bounded (issue #17): the title's words as a column of their own (the same
-- configuration and folding as search_vector's title), and GIN over it for suggestions whose words are rare.
ALTER TABLE "search"."documents" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector(search.config(language), search.fold(title))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_title_idx" ON "search"."documents" USING gin ("title_vector");
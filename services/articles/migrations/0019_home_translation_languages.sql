DROP INDEX "articles"."article_engagement_publication_idx";--> statement-breakpoint
ALTER TABLE "articles"."article_engagement" ADD COLUMN "translation_languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "article_engagement_author_language_idx" ON "articles"."article_engagement" USING btree ("author_id","language","published_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "article_engagement_category_language_idx" ON "articles"."article_engagement" USING btree ("category","language","published_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "article_engagement_publication_idx" ON "articles"."article_engagement" USING btree ("publication_id","language","published_at" DESC NULLS LAST,"article_id" DESC NULLS LAST) WHERE publication_id is not null;--> statement-breakpoint
ALTER TABLE "articles"."article_engagement" ADD CONSTRAINT "article_engagement_translation_languages_known" CHECK ("translation_languages" <@ array['az', 'en', 'ru']::text[]);--> statement-breakpoint
-- Issue #17: the home lists' other languages leave out an original translated into the reader's language. That was a
-- NOT EXISTS over articles.articles per card (a scan of every article at 100,000); now it is translation_languages,
-- a column of the engagement row being scanned, kept here in the transaction of every change of a translation.
-- The languages of an original's published translations, sorted, without repeats.
CREATE FUNCTION articles.engagement_translation_languages(original uuid) RETURNS text[] LANGUAGE sql STABLE
  AS $$ SELECT coalesce(array_agg(DISTINCT t.language ORDER BY t.language), '{}'::text[]) FROM articles.articles t
         WHERE t.translation_of = original AND t.status = 'published' $$;--> statement-breakpoint
-- A translation was published, unpublished, deleted or moved: its original's engagement row (if it has one yet) is
-- locked, then written from what is committed now (so two translations published at once both count).
CREATE FUNCTION articles.engagement_translations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  originals uuid[] := '{}';
  original uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN originals := originals || OLD.translation_of; END IF;
  IF TG_OP <> 'DELETE' THEN originals := originals || NEW.translation_of; END IF;
  FOR original IN SELECT DISTINCT o FROM unnest(originals) AS o WHERE o IS NOT NULL LOOP
    PERFORM 1 FROM articles.article_engagement WHERE article_id = original FOR UPDATE;
    UPDATE articles.article_engagement SET translation_languages = articles.engagement_translation_languages(original)
     WHERE article_id = original;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER articles_translation_inserted AFTER INSERT ON articles.articles FOR EACH ROW
  WHEN (NEW.translation_of IS NOT NULL AND NEW.status = 'published')
  EXECUTE FUNCTION articles.engagement_translations_changed();--> statement-breakpoint
CREATE TRIGGER articles_translation_updated AFTER UPDATE OF status, language, translation_of ON articles.articles
  FOR EACH ROW
  WHEN ((OLD.translation_of IS NOT NULL OR NEW.translation_of IS NOT NULL)
        AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.language IS DISTINCT FROM NEW.language
             OR OLD.translation_of IS DISTINCT FROM NEW.translation_of))
  EXECUTE FUNCTION articles.engagement_translations_changed();--> statement-breakpoint
CREATE TRIGGER articles_translation_deleted AFTER DELETE ON articles.articles FOR EACH ROW
  WHEN (OLD.translation_of IS NOT NULL AND OLD.status = 'published')
  EXECUTE FUNCTION articles.engagement_translations_changed();--> statement-breakpoint
UPDATE articles.article_engagement e SET translation_languages = articles.engagement_translation_languages(e.article_id)
 WHERE e.translation_of IS NULL
   AND EXISTS (SELECT 1 FROM articles.articles t WHERE t.translation_of = e.article_id AND t.status = 'published');

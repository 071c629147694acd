-- Search that ranks every match and forgives typos (issue #17). Extensions (superuser, once per database; the
-- devstack's PostgreSQL has postgresql-15-rum from packages/devstack/scripts/setup.sh): unaccent and pg_trgm ship with
-- PostgreSQL, rum is Debian's postgresql-15-rum.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS rum WITH SCHEMA public;--> statement-breakpoint
-- One text search configuration per language, each unaccent (ö → o, ş → s, ç → c, ğ → g, ı → i, ü → u, ё → е) before
-- its dictionary: Azerbaijani words unstemmed (PostgreSQL has no Azerbaijani stemmer), English and Russian stemmed.
CREATE TEXT SEARCH CONFIGURATION search.az (COPY = pg_catalog.simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search.az ALTER MAPPING FOR word, hword, hword_part WITH public.unaccent, pg_catalog.simple;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search.en (COPY = pg_catalog.english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search.en ALTER MAPPING FOR word, hword, hword_part WITH public.unaccent, pg_catalog.english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search.ru (COPY = pg_catalog.russian);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search.ru ALTER MAPPING FOR word, hword, hword_part WITH public.unaccent, pg_catalog.russian_stem;--> statement-breakpoint
-- What unaccent does not know: ə and Ə become e and E. Character for character (a text keeps its length, so offsets in
-- a folded text are offsets in the original); the two private-use characters that mark highlights become spaces.
CREATE FUNCTION search.fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate(coalesce(t, ''), E'\u0259\u018F\uE000\uE001', 'eE  ') $$;--> statement-breakpoint
CREATE FUNCTION search.config(lang text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE lang WHEN 'en' THEN 'search.en'::regconfig WHEN 'ru' THEN 'search.ru'::regconfig ELSE 'search.az'::regconfig END $$;--> statement-breakpoint
CREATE TABLE "search"."words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "search"."documents_search_idx";--> statement-breakpoint
ALTER TABLE "search"."documents" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "search"."documents" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(search.config(language), search.fold(title)), 'A') || setweight(to_tsvector(search.config(language), search.fold(description)), 'B') || setweight(to_tsvector(search.config(language), search.fold(body)), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."documents" ADD COLUMN "handle" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "words_trgm_idx" ON "search"."words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_rum_idx" ON "search"."documents" USING rum ("search_vector" rum_tsvector_ops);--> statement-breakpoint
-- Every new word of inserted or changed documents (one statement for many rows: the bench's scale mode copies in
-- 100,000 at once).
CREATE FUNCTION search.remember_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search.words (word)
  SELECT DISTINCT w.word
    FROM changed_documents d,
         unnest(tsvector_to_array(to_tsvector('search.az'::regconfig,
                                              search.fold(d.title || ' ' || d.description || ' ' || d.body)))) AS w(word)
   WHERE length(w.word) BETWEEN 3 AND 40 AND w.word !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER documents_words_inserted AFTER INSERT ON search.documents REFERENCING NEW TABLE AS changed_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search.remember_words();--> statement-breakpoint
CREATE TRIGGER documents_words_updated AFTER UPDATE ON search.documents REFERENCING NEW TABLE AS changed_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search.remember_words();--> statement-breakpoint
INSERT INTO search.words (word)
SELECT DISTINCT w.word
  FROM search.documents d,
       unnest(tsvector_to_array(to_tsvector('search.az'::regconfig,
                                            search.fold(d.title || ' ' || d.description || ' ' || d.body)))) AS w(word)
 WHERE length(w.word) BETWEEN 3 AND 40 AND w.word !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;

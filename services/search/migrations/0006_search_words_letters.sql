-- Typo lookups that cost the same at any size (issue #17): the words table keeps words of letters only, 4 to 40 of
-- them (a word with digits, such as a code or a number, is not corrected), and GIN finds near words by trigrams.
DROP INDEX "search"."words_trgm_idx";--> statement-breakpoint
DELETE FROM "search"."words" WHERE length(word) < 4 OR length(word) > 40 OR word !~ '^[[:alpha:]]+$';--> statement-breakpoint
CREATE OR REPLACE FUNCTION search.remember_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search.words (word)
  SELECT DISTINCT w.word
    FROM changed_documents d,
         unnest(tsvector_to_array(to_tsvector('search.az'::regconfig,
                                              search.fold(d.title || ' ' || d.description || ' ' || d.body)))) AS w(word)
   WHERE length(w.word) BETWEEN 4 AND 40 AND w.word ~ '^[[:alpha:]]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE INDEX "words_trgm_gin_idx" ON "search"."words" USING gin ("word" gin_trgm_ops);

DROP INDEX "publications"."publications_name_key";--> statement-breakpoint
ALTER TABLE "publications"."publications" ADD COLUMN "name_key" text;--> statement-breakpoint
-- Existing rows: the rules' publicationNameKey written in SQL (NFC; I, i, ı, İ, and i or ı with a combining dot
-- above, as i; lowercase). A name whose key an older publication already holds (accepted while lower() compared them)
-- keeps its name; its key gets its id so the index can be built, and the next rename gives it the real key.
UPDATE "publications"."publications"
SET "name_key" = normalize(lower(regexp_replace(normalize("name", NFC), U&'[Ii\0130\0131]\0307?', 'i', 'g')), NFC);--> statement-breakpoint
UPDATE "publications"."publications" AS p SET "name_key" = p."name_key" || ' ' || p."id"::text
WHERE EXISTS (
  SELECT 1 FROM "publications"."publications" AS o
  WHERE o."name_key" = p."name_key" AND (o."created_at", o."id") < (p."created_at", p."id")
);--> statement-breakpoint
ALTER TABLE "publications"."publications" ALTER COLUMN "name_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "publications_name_key" ON "publications"."publications" USING btree ("name_key");

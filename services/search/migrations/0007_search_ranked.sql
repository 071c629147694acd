CREATE TABLE "search"."ranked" (
	"key" text NOT NULL,
	"id" uuid NOT NULL,
	"distance" real NOT NULL,
	CONSTRAINT "ranked_key_id_pk" PRIMARY KEY("key","id")
);
--> statement-breakpoint
CREATE TABLE "search"."ranked_queries" (
	"key" text PRIMARY KEY NOT NULL,
	"query" "tsquery" NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search"."ranked" ADD CONSTRAINT "ranked_key_ranked_queries_key_fk" FOREIGN KEY ("key") REFERENCES "search"."ranked_queries"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search"."ranked" ADD CONSTRAINT "ranked_id_documents_id_fk" FOREIGN KEY ("id") REFERENCES "search"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ranked_order_idx" ON "search"."ranked" USING btree ("key","distance","id");--> statement-breakpoint
CREATE INDEX "ranked_document_idx" ON "search"."ranked" USING btree ("id");--> statement-breakpoint
-- Keeps every ranked list exact as documents change (see ranked in document.table.ts): per list, the changed documents
-- leave it, come back only when they rank before its last, and it is cut back to 1,100 rows (RANKED_KEEP).
CREATE FUNCTION search.remember_ranked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  q record;
  last_distance real;
  last_id uuid;
BEGIN
  FOR q IN SELECT r.key, r.query FROM search.ranked_queries r LOOP
    DELETE FROM search.ranked x USING changed_documents d WHERE x.key = q.key AND x.id = d.id;
    SELECT x.distance, x.id INTO last_distance, last_id
      FROM search.ranked x WHERE x.key = q.key ORDER BY x.distance DESC, x.id DESC LIMIT 1;
    IF NOT FOUND THEN
      CONTINUE;
    END IF;
    INSERT INTO search.ranked (key, id, distance)
    SELECT q.key, m.id, m.distance
      FROM (SELECT d.id, (d.search_vector <=> q.query)::real AS distance
              FROM changed_documents d WHERE d.search_vector @@ q.query) m
     WHERE (m.distance, m.id) < (last_distance, last_id);
    DELETE FROM search.ranked x
     WHERE x.key = q.key
       AND (x.distance, x.id) > (SELECT y.distance, y.id FROM search.ranked y WHERE y.key = q.key
                                  ORDER BY y.distance, y.id OFFSET 1099 LIMIT 1);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER documents_ranked_inserted AFTER INSERT ON search.documents REFERENCING NEW TABLE AS changed_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search.remember_ranked();--> statement-breakpoint
CREATE TRIGGER documents_ranked_updated AFTER UPDATE ON search.documents REFERENCING NEW TABLE AS changed_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search.remember_ranked();

CREATE TABLE "identity"."read_tallies" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"author_uid" uuid NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"reads" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "read_tallies_author_idx" ON "identity"."read_tallies" USING btree ("author_uid");
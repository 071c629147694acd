CREATE TABLE "identity"."rating_days" (
	"uid" uuid NOT NULL,
	"day" date NOT NULL,
	"points" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "rating_days_uid_day_pk" PRIMARY KEY("uid","day")
);
--> statement-breakpoint
ALTER TABLE "identity"."rating_days" ADD CONSTRAINT "rating_days_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_days_day_idx" ON "identity"."rating_days" USING btree ("day","uid","points");--> statement-breakpoint
-- The days of the rows logged before this table existed.
INSERT INTO "identity"."rating_days" ("uid", "day", "points")
SELECT "uid", ("at" AT TIME ZONE 'UTC')::date, sum("points") FROM "identity"."rating_log" GROUP BY 1, 2
ON CONFLICT ("uid", "day") DO UPDATE SET "points" = excluded."points";

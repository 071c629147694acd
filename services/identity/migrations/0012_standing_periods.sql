CREATE TABLE "identity"."rating_periods" (
	"uid" uuid NOT NULL,
	"period" text NOT NULL,
	"starts" date NOT NULL,
	"points" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "rating_periods_uid_period_starts_pk" PRIMARY KEY("uid","period","starts"),
	CONSTRAINT "rating_periods_period_known" CHECK ("period" in ('week', 'month'))
);
--> statement-breakpoint
ALTER TABLE "identity"."rating_periods" ADD CONSTRAINT "rating_periods_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The totals of the rows logged before this table existed: the ISO week (from its Monday) and the month each row's
-- instant falls in, in Asia/Baku (as periodStartDay of @pencraft/rules computes them for new rows).
INSERT INTO "identity"."rating_periods" ("uid", "period", "starts", "points")
SELECT "uid", 'week', date_trunc('week', "at" AT TIME ZONE 'Asia/Baku')::date, sum("points")
  FROM "identity"."rating_log" GROUP BY 1, 3
UNION ALL
SELECT "uid", 'month', date_trunc('month', "at" AT TIME ZONE 'Asia/Baku')::date, sum("points")
  FROM "identity"."rating_log" GROUP BY 1, 3;--> statement-breakpoint
CREATE INDEX "rating_periods_rank_idx" ON "identity"."rating_periods" USING btree ("period","starts","points" DESC NULLS LAST,"uid") WHERE "identity"."rating_periods"."points" > 0;--> statement-breakpoint
-- Read by nothing since the boards are read from rating_periods: the per-day sums and the log's index by time.
DROP INDEX "identity"."rating_log_at_idx";--> statement-breakpoint
DROP TABLE "identity"."rating_days";

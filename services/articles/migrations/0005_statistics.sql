CREATE TABLE "articles"."article_daily_stats" (
	"article_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"user_views" integer DEFAULT 0 NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	"read_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "article_daily_stats_article_id_day_pk" PRIMARY KEY("article_id","day")
);
--> statement-breakpoint
CREATE TABLE "articles"."article_unique_views" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"unique_views" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles"."site_daily_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"user_views" bigint DEFAULT 0 NOT NULL,
	"unique_visitors" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles"."statistics_flushes" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"flushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles"."article_daily_stats" ADD CONSTRAINT "article_daily_stats_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "articles"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles"."article_unique_views" ADD CONSTRAINT "article_unique_views_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "articles"."articles"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "articles"."bookmarks" (
	"uid" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_uid_article_id_pk" PRIMARY KEY("uid","article_id")
);
--> statement-breakpoint
CREATE TABLE "articles"."category_follows" (
	"uid" uuid NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_follows_uid_category_pk" PRIMARY KEY("uid","category")
);
--> statement-breakpoint
CREATE TABLE "articles"."collection_items" (
	"collection_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_collection_id_article_id_pk" PRIMARY KEY("collection_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "articles"."collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles"."saved_collections" (
	"uid" uuid NOT NULL,
	"collection_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_collections_uid_collection_id_pk" PRIMARY KEY("uid","collection_id")
);
--> statement-breakpoint
CREATE TABLE "articles"."article_engagement" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"category" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"up_votes" integer DEFAULT 0 NOT NULL,
	"down_votes" integer DEFAULT 0 NOT NULL,
	"score" integer GENERATED ALWAYS AS (up_votes - down_votes) STORED NOT NULL,
	"bookmarks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles"."user_follows" (
	"follower_uid" uuid NOT NULL,
	"followee_uid" uuid NOT NULL,
	"following" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_follows_follower_uid_followee_uid_pk" PRIMARY KEY("follower_uid","followee_uid")
);
--> statement-breakpoint
CREATE TABLE "articles"."article_votes" (
	"article_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"value" smallint NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_votes_article_id_uid_pk" PRIMARY KEY("article_id","uid")
);
--> statement-breakpoint
ALTER TABLE "articles"."bookmarks" ADD CONSTRAINT "bookmarks_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "articles"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles"."collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "articles"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles"."collection_items" ADD CONSTRAINT "collection_items_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "articles"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles"."saved_collections" ADD CONSTRAINT "saved_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "articles"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles"."article_engagement" ADD CONSTRAINT "article_engagement_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "articles"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles"."article_votes" ADD CONSTRAINT "article_votes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "articles"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_uid_created_idx" ON "articles"."bookmarks" USING btree ("uid","created_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookmarks_article_idx" ON "articles"."bookmarks" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "collection_items_added_idx" ON "articles"."collection_items" USING btree ("collection_id","added_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_items_article_idx" ON "articles"."collection_items" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "collections_owner_idx" ON "articles"."collections" USING btree ("owner_uid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_collections_collection_idx" ON "articles"."saved_collections" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "article_engagement_newest_idx" ON "articles"."article_engagement" USING btree ("published_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "article_engagement_top_idx" ON "articles"."article_engagement" USING btree ("score" DESC NULLS LAST,"published_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "article_engagement_category_new_idx" ON "articles"."article_engagement" USING btree ("category","published_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "article_engagement_category_top_idx" ON "articles"."article_engagement" USING btree ("category","score" DESC NULLS LAST,"published_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "article_engagement_author_idx" ON "articles"."article_engagement" USING btree ("author_id","published_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_follows_followee_idx" ON "articles"."user_follows" USING btree ("followee_uid");--> statement-breakpoint
CREATE INDEX "article_votes_uid_idx" ON "articles"."article_votes" USING btree ("uid");
CREATE TABLE "identity"."badge_counters" (
	"uid" uuid NOT NULL,
	"counter" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "badge_counters_uid_counter_pk" PRIMARY KEY("uid","counter"),
	CONSTRAINT "badge_counters_counter_known" CHECK ("counter" in ('articlesPublished', 'commentUpvotes', 'articlesWith5Upvotes', 'articleUpvotes', 'articleViews', 'followers', 'supportSentQepik', 'supporters', 'commentsPublished'))
);
--> statement-breakpoint
CREATE TABLE "identity"."counted_articles" (
	"article_id" uuid NOT NULL,
	"author_uid" uuid NOT NULL,
	CONSTRAINT "counted_articles_article_id_author_uid_pk" PRIMARY KEY("article_id","author_uid")
);
--> statement-breakpoint
CREATE TABLE "identity"."rating_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"points" double precision NOT NULL,
	"source_id" text NOT NULL,
	"subject_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_log_kind_known" CHECK ("kind" in ('articleUpvote', 'articleDownvote', 'commentUpvote', 'commentDownvote', 'commentPublished', 'articleReads', 'articleApproved', 'articleRejected', 'commentRemoved', 'banned'))
);
--> statement-breakpoint
CREATE TABLE "identity"."supporters" (
	"recipient_uid" uuid NOT NULL,
	"supporter_uid" uuid NOT NULL,
	CONSTRAINT "supporters_recipient_uid_supporter_uid_pk" PRIMARY KEY("recipient_uid","supporter_uid")
);
--> statement-breakpoint
CREATE TABLE "identity"."upvote_tallies" (
	"subject_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_uid" uuid NOT NULL,
	"up" integer DEFAULT 0 NOT NULL,
	"max_up" integer DEFAULT 0 NOT NULL,
	"at_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "upvote_tallies_subject_id_kind_pk" PRIMARY KEY("subject_id","kind"),
	CONSTRAINT "upvote_tallies_kind_known" CHECK ("kind" in ('article', 'comment'))
);
--> statement-breakpoint
CREATE TABLE "identity"."user_badges" (
	"uid" uuid NOT NULL,
	"badge" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by" text,
	CONSTRAINT "user_badges_uid_badge_pk" PRIMARY KEY("uid","badge"),
	CONSTRAINT "user_badges_badge_known" CHECK ("badge" in ('first-article', 'complete-profile', 'comment-upvotes', 'popular-articles', 'article-upvotes', 'views', 'followers', 'supporter', 'supporters', 'commenter', 'beta-tester', 'bug-hunter'))
);
--> statement-breakpoint
ALTER TABLE "identity"."badge_counters" ADD CONSTRAINT "badge_counters_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."rating_log" ADD CONSTRAINT "rating_log_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."user_badges" ADD CONSTRAINT "user_badges_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_log_uid_at_idx" ON "identity"."rating_log" USING btree ("uid","at");--> statement-breakpoint
CREATE INDEX "rating_log_at_idx" ON "identity"."rating_log" USING btree ("at","uid","points");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_log_uid_source_key" ON "identity"."rating_log" USING btree ("uid","source_id");--> statement-breakpoint
CREATE INDEX "upvote_tallies_author_idx" ON "identity"."upvote_tallies" USING btree ("author_uid","kind");--> statement-breakpoint
CREATE INDEX "users_rating_idx" ON "identity"."users" USING btree ("rating" DESC NULLS LAST,"id");
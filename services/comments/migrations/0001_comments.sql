CREATE TABLE "comments"."article_refs" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"author_uids" uuid[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments"."authors" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"fullname" text NOT NULL,
	"image_url" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments"."comment_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"comment_id" uuid NOT NULL,
	"reporter_uid" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reports_once" UNIQUE("reporter_uid","comment_id")
);
--> statement-breakpoint
CREATE TABLE "comments"."comment_votes" (
	"comment_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"value" smallint NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_votes_uid_comment_id_pk" PRIMARY KEY("uid","comment_id")
);
--> statement-breakpoint
CREATE TABLE "comments"."comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"author_uid" uuid NOT NULL,
	"parent_id" uuid,
	"root_id" uuid NOT NULL,
	"depth" smallint NOT NULL,
	"reply_to_uid" uuid,
	"content" text NOT NULL,
	"status" text DEFAULT 'underReview' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"pending_edit" boolean DEFAULT false NOT NULL,
	"ever_published" boolean DEFAULT false NOT NULL,
	"up_votes" integer DEFAULT 0 NOT NULL,
	"down_votes" integer DEFAULT 0 NOT NULL,
	"review_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "comments"."comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "comments"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments"."comment_votes" ADD CONSTRAINT "comment_votes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "comments"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reports_reporter_idx" ON "comments"."comment_reports" USING btree ("reporter_uid","created_at");--> statement-breakpoint
CREATE INDEX "comments_article_top_idx" ON "comments"."comments" USING btree ("article_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE depth = 1;--> statement-breakpoint
CREATE INDEX "comments_root_idx" ON "comments"."comments" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments"."comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments"."comments" USING btree ("author_uid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
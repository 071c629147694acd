CREATE TABLE "articles"."co_author_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid,
	"article_id" uuid,
	"inviter_uid" uuid NOT NULL,
	"invitee_uid" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "co_author_invitations_one_target" CHECK (num_nonnulls(draft_id, article_id) = 1)
);
--> statement-breakpoint
ALTER TABLE "articles"."co_author_invitations" ADD CONSTRAINT "co_author_invitations_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "articles"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles"."co_author_invitations" ADD CONSTRAINT "co_author_invitations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "articles"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "co_author_invitations_draft_idx" ON "articles"."co_author_invitations" USING btree ("draft_id","invitee_uid") WHERE draft_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "co_author_invitations_article_idx" ON "articles"."co_author_invitations" USING btree ("article_id","invitee_uid") WHERE article_id is not null;--> statement-breakpoint
CREATE INDEX "co_author_invitations_invitee_idx" ON "articles"."co_author_invitations" USING btree ("invitee_uid","status","created_at" DESC NULLS LAST);
CREATE TABLE "moderation"."queue_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"author_uid" uuid NOT NULL,
	"author_username" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"is_edit" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"auto_decision" text DEFAULT 'pending' NOT NULL,
	"signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_by_sub" text,
	"decided_by_username" text,
	"note" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"comment_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"author_uid" uuid NOT NULL,
	"reporter_uid" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"resolved_by_sub" text,
	"resolved_by_username" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."bans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uid" uuid NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"days" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"issued_by_sub" text NOT NULL,
	"issued_by_username" text NOT NULL,
	"lifted_by_sub" text,
	"lifted_by_username" text
);
--> statement-breakpoint
CREATE TABLE "moderation"."audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_sub" text NOT NULL,
	"actor_username" text NOT NULL,
	"action" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"item_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "queue_items_submission_idx" ON "moderation"."queue_items" USING btree ("kind","subject_id","submitted_at");--> statement-breakpoint
CREATE INDEX "queue_items_state_idx" ON "moderation"."queue_items" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE INDEX "queue_items_author_idx" ON "moderation"."queue_items" USING btree ("author_uid");--> statement-breakpoint
CREATE INDEX "queue_items_subject_idx" ON "moderation"."queue_items" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "reports_comment_idx" ON "moderation"."reports" USING btree ("comment_id","state");--> statement-breakpoint
CREATE INDEX "reports_state_idx" ON "moderation"."reports" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "bans_uid_idx" ON "moderation"."bans" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "bans_starts_idx" ON "moderation"."bans" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "moderation"."audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_item_idx" ON "moderation"."audit_log" USING btree ("item_id");
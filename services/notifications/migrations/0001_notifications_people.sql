CREATE TABLE "notifications"."notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" uuid NOT NULL,
	"type" integer NOT NULL,
	"actor_uid" uuid,
	"actor" jsonb,
	"article_id" uuid,
	"comment_id" uuid,
	"title" text,
	"excerpt" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_state" text,
	"mail_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."people" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"fullname" text DEFAULT '' NOT NULL,
	"image_url" text,
	"lang" text DEFAULT 'az' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"profile_at" timestamp with time zone,
	"preferences_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_uid_dedupe_key" ON "notifications"."notifications" USING btree ("uid","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_uid_id_idx" ON "notifications"."notifications" USING btree ("uid","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications"."notifications" USING btree ("uid") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_mail_pending_idx" ON "notifications"."notifications" USING btree ("id") WHERE mail_state = 'pending';
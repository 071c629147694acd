ALTER TABLE "moderation"."queue_items" ADD COLUMN "previous_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation"."queue_items" ADD COLUMN "previous_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation"."queue_items" ADD COLUMN "previous_content" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation"."reports" ADD COLUMN "kind" text DEFAULT 'comment' NOT NULL;
CREATE TABLE "identity"."feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text,
	"sender_key" text NOT NULL,
	"lang" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_type_known" CHECK ("type" in ('enhancement', 'question', 'bug')),
	CONSTRAINT "feedback_status_known" CHECK ("status" in ('new', 'answered', 'closed')),
	CONSTRAINT "feedback_lang_known" CHECK ("lang" in ('az', 'en', 'ru'))
);
--> statement-breakpoint
ALTER TABLE "identity"."feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "identity"."feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_sender_idx" ON "identity"."feedback" USING btree ("sender_key","created_at");--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "identity"."feedback" USING btree ("status","created_at");
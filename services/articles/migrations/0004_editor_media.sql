CREATE TABLE "articles"."media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_uid" uuid NOT NULL,
	"folder" text NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"keys" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_folder_unique" UNIQUE("folder")
);
--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "articles"."media" USING btree ("owner_uid","created_at");
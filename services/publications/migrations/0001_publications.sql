CREATE TABLE "publications"."invitations" (
	"publication_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"invited_by_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_publication_id_uid_pk" PRIMARY KEY("publication_id","uid")
);
--> statement-breakpoint
CREATE TABLE "publications"."members" (
	"publication_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_publication_id_uid_pk" PRIMARY KEY("publication_id","uid"),
	CONSTRAINT "members_role_known" CHECK ("role" in ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "publications"."plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"publication_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"price_qepik" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_interval_known" CHECK ("interval" in ('month', 'year')),
	CONSTRAINT "plans_price_bounds" CHECK ("price_qepik" between 100 and 100000),
	CONSTRAINT "plans_description_length" CHECK (char_length("description") <= 500)
);
--> statement-breakpoint
CREATE TABLE "publications"."publication_articles" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"publication_id" uuid NOT NULL,
	"author_uid" uuid NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"pinned_at" timestamp with time zone,
	"detached_at" timestamp with time zone,
	"detached_by_uid" uuid
);
--> statement-breakpoint
CREATE TABLE "publications"."publications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_key" text,
	"cover_key" text,
	"name_changed_at" timestamp with time zone,
	"slug_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publications_name_length" CHECK (char_length("name") between 1 and 64),
	CONSTRAINT "publications_slug_format" CHECK (char_length("slug") between 3 and 64 and "slug" ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$'),
	CONSTRAINT "publications_description_length" CHECK (char_length("description") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "publications"."subscriptions" (
	"publication_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"tier" text NOT NULL,
	"plan_id" uuid,
	"period_end" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_publication_id_uid_pk" PRIMARY KEY("publication_id","uid"),
	CONSTRAINT "subscriptions_tier_known" CHECK ("tier" in ('free', 'paid')),
	CONSTRAINT "subscriptions_period" CHECK ((tier = 'paid') = (period_end is not null))
);
--> statement-breakpoint
ALTER TABLE "publications"."invitations" ADD CONSTRAINT "invitations_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "publications"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications"."members" ADD CONSTRAINT "members_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "publications"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications"."plans" ADD CONSTRAINT "plans_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "publications"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications"."publication_articles" ADD CONSTRAINT "publication_articles_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "publications"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications"."subscriptions" ADD CONSTRAINT "subscriptions_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "publications"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications"."subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "publications"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_uid_idx" ON "publications"."invitations" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "members_uid_idx" ON "publications"."members" USING btree ("uid","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_one_owner_key" ON "publications"."members" USING btree ("publication_id") WHERE role = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "plans_interval_key" ON "publications"."plans" USING btree ("publication_id","interval");--> statement-breakpoint
CREATE INDEX "publication_articles_pinned_idx" ON "publications"."publication_articles" USING btree ("publication_id","pinned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "publications_owner_key" ON "publications"."publications" USING btree ("owner_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_name_key" ON "publications"."publications" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "publications_slug_key" ON "publications"."publications" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "subscriptions_page_idx" ON "publications"."subscriptions" USING btree ("publication_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_uid_idx" ON "publications"."subscriptions" USING btree ("uid","created_at" DESC NULLS LAST);
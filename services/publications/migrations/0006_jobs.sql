CREATE TABLE "publications"."jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"publication_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"employment_type" text NOT NULL,
	"category" text NOT NULL,
	"salary_min_qepik" bigint,
	"salary_max_qepik" bigint,
	"apply" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jobs_title_length" CHECK (char_length("title") between 1 and 120),
	CONSTRAINT "jobs_description_length" CHECK (char_length("description") between 1 and 5000),
	CONSTRAINT "jobs_location_length" CHECK (char_length("location") <= 100),
	CONSTRAINT "jobs_apply_length" CHECK (char_length("apply") between 1 and 300),
	CONSTRAINT "jobs_employment_type_known" CHECK ("employment_type" in ('fullTime', 'partTime', 'contract', 'internship')),
	CONSTRAINT "jobs_category_known" CHECK ("category" in ('writing', 'editing', 'translation', 'design', 'photography', 'engineering', 'marketing', 'sales', 'operations', 'other')),
	CONSTRAINT "jobs_status_known" CHECK ("status" in ('open', 'closed')),
	CONSTRAINT "jobs_salary_range" CHECK ((salary_min_qepik is null or salary_min_qepik between 1 and 100000000) and (salary_max_qepik is null or salary_max_qepik between 1 and 100000000) and (salary_min_qepik is null or salary_max_qepik is null or salary_min_qepik <= salary_max_qepik)),
	CONSTRAINT "jobs_closed_when_closed" CHECK ((status = 'closed') = (closed_at is not null))
);
--> statement-breakpoint
ALTER TABLE "publications"."jobs" ADD CONSTRAINT "jobs_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "publications"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "publications"."jobs" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_publication_idx" ON "publications"."jobs" USING btree ("publication_id","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);
ALTER TABLE "articles"."articles" ADD CONSTRAINT "articles_status_known" CHECK ("status" in ('draft', 'accepted', 'initialReview', 'underModeration', 'approved', 'published', 'rejected', 'revisionRequested'));--> statement-breakpoint
ALTER TABLE "articles"."articles" ADD CONSTRAINT "articles_language_known" CHECK ("language" in ('az', 'en', 'ru'));--> statement-breakpoint
ALTER TABLE "articles"."articles" ADD CONSTRAINT "articles_audience_known" CHECK ("audience" in ('free', 'paid'));--> statement-breakpoint
ALTER TABLE "articles"."drafts" ADD CONSTRAINT "drafts_language_known" CHECK ("language" in ('az', 'en', 'ru'));--> statement-breakpoint
ALTER TABLE "articles"."drafts" ADD CONSTRAINT "drafts_audience_known" CHECK ("audience" in ('free', 'paid'));--> statement-breakpoint
ALTER TABLE "articles"."article_edits" ADD CONSTRAINT "article_edits_status_known" CHECK ("status" in ('draft', 'accepted', 'initialReview', 'underModeration', 'approved', 'published', 'rejected', 'revisionRequested'));--> statement-breakpoint
ALTER TABLE "articles"."article_edits" ADD CONSTRAINT "article_edits_language_known" CHECK ("language" in ('az', 'en', 'ru'));--> statement-breakpoint
ALTER TABLE "articles"."article_edits" ADD CONSTRAINT "article_edits_audience_known" CHECK ("audience" in ('free', 'paid'));--> statement-breakpoint
ALTER TABLE "articles"."article_reviews" ADD CONSTRAINT "article_reviews_status_known" CHECK ("status" in ('draft', 'accepted', 'initialReview', 'underModeration', 'approved', 'published', 'rejected', 'revisionRequested'));--> statement-breakpoint
ALTER TABLE "articles"."article_reports" ADD CONSTRAINT "article_reports_reason_known" CHECK ("reason" in ('spam', 'scam', 'harassment', 'hateSpeech', 'violence', 'falseInfo'));
ALTER TABLE "articles"."drafts" RENAME COLUMN "preview_token" TO "preview_token_hash";--> statement-breakpoint
-- Preview links made before this keep working: each stored token is replaced by its SHA-256 in hex, as the service
-- now stores a new one (PostgreSQL's built-in sha256, no extension); they expire 30 days after preview_token_created_at.
UPDATE "articles"."drafts" SET "preview_token_hash" = encode(sha256(convert_to("preview_token_hash", 'UTF8')), 'hex') WHERE "preview_token_hash" IS NOT NULL;--> statement-breakpoint
DROP INDEX "articles"."drafts_preview_token_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_preview_token_hash_idx" ON "articles"."drafts" USING btree ("preview_token_hash");
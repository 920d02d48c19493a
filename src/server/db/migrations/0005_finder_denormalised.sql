-- Generated, then made safe for a populated finstrument_search: the new columns are added nullable,
-- copied from finstruments and issuers (as refreshFinderIndex builds them), and only then made NOT NULL.
DROP INDEX "finstrument_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "isin" text;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "available" boolean;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "is_listed" boolean;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "maturity_date" date;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "face_value" bigint;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "coupon_rate" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "frequency" smallint;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "security_type" "security_type";--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "is_secured" boolean;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "is_tax_free" boolean;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "is_perpetual" boolean;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "seniority" "seniority";--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "issuer_id" integer;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "issuer_name" text;--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD COLUMN "sector" text;--> statement-breakpoint
UPDATE "finstrument_search" s SET
  "display_name" = f."display_name", "isin" = f."isin", "available" = f."available", "is_listed" = f."is_listed",
  "maturity_date" = f."maturity_date", "face_value" = f."face_value", "coupon_rate" = f."coupon_rate", "frequency" = f."frequency",
  "security_type" = f."security_type", "is_secured" = f."is_secured", "is_tax_free" = f."is_tax_free", "is_perpetual" = f."is_perpetual",
  "seniority" = f."seniority", "issuer_id" = i."id", "issuer_name" = i."name", "sector" = i."sector"
FROM "finstruments" f JOIN "issuers" i ON i."id" = f."issuer_id"
WHERE f."id" = s."finstrument_id";--> statement-breakpoint
ALTER TABLE "finstrument_search" ALTER COLUMN "display_name" SET NOT NULL, ALTER COLUMN "isin" SET NOT NULL, ALTER COLUMN "available" SET NOT NULL, ALTER COLUMN "is_listed" SET NOT NULL, ALTER COLUMN "face_value" SET NOT NULL, ALTER COLUMN "coupon_rate" SET NOT NULL, ALTER COLUMN "frequency" SET NOT NULL, ALTER COLUMN "security_type" SET NOT NULL, ALTER COLUMN "is_secured" SET NOT NULL, ALTER COLUMN "is_tax_free" SET NOT NULL, ALTER COLUMN "is_perpetual" SET NOT NULL, ALTER COLUMN "seniority" SET NOT NULL, ALTER COLUMN "issuer_id" SET NOT NULL, ALTER COLUMN "issuer_name" SET NOT NULL, ALTER COLUMN "sector" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "finstrument_search_text_prefix_idx" ON "finstrument_search" USING btree ("search_text" collate "C");--> statement-breakpoint
CREATE INDEX "finstrument_search_name_idx" ON "finstrument_search" USING btree ("display_name" collate "C","finstrument_id");--> statement-breakpoint
CREATE INDEX "finstrument_search_maturity_order_idx" ON "finstrument_search" USING btree (coalesce("effective_maturity", '9999-12-31'::date),"finstrument_id");--> statement-breakpoint
CREATE INDEX "finstrument_search_text_trgm_idx" ON "finstrument_search" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
ANALYZE "finstrument_search";
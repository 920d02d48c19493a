-- The finder's keyword search uses trigram GIN indexes (pg_trgm: PostgreSQL contrib, a PGlite extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "finstrument_search" (
	"finstrument_id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"rating_bucket" text NOT NULL,
	"rating_agency" "rating_agency",
	"rating" text,
	"effective_maturity" date,
	"last_yield" numeric(9, 6),
	"last_price" numeric(9, 4),
	"last_trade_date" date
);
--> statement-breakpoint
CREATE TABLE "market_trades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"finstrument_id" integer NOT NULL,
	"traded_at" timestamp with time zone NOT NULL,
	"trade_date" date NOT NULL,
	"settlement_date" date NOT NULL,
	"quantity" bigint NOT NULL,
	"clean_price" numeric(9, 4) NOT NULL,
	"yield" numeric(9, 6) NOT NULL,
	"exchange" text NOT NULL,
	"source" text DEFAULT 'TAPE' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finstrument_search" ADD CONSTRAINT "finstrument_search_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "public"."finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trades" ADD CONSTRAINT "market_trades_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "public"."finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finstrument_search_text_trgm_idx" ON "finstrument_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "finstrument_search_maturity_idx" ON "finstrument_search" USING btree ("effective_maturity","finstrument_id");--> statement-breakpoint
CREATE INDEX "market_trades_finstrument_idx" ON "market_trades" USING btree ("finstrument_id","trade_date","traded_at");
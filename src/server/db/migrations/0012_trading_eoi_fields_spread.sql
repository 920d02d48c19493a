ALTER TABLE "clusters" ADD COLUMN "seller_spread" numeric(9, 4) DEFAULT '0.0000' NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "seller_spread" numeric(9, 4) DEFAULT '0.0000' NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "buyer_yield" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "buyer_principal" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "buyer_consideration" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "eois" ADD COLUMN "mandate_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eois" ADD COLUMN "whatsapp_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eois" ADD COLUMN "is_best" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eois" ADD COLUMN "state" text DEFAULT 'DEFAULT' NOT NULL;--> statement-breakpoint
ALTER TABLE "eois" ADD COLUMN "yield_type" text DEFAULT 'YTM' NOT NULL;--> statement-breakpoint
ALTER TABLE "eois" ADD COLUMN "origin_trade_id" integer;--> statement-breakpoint
ALTER TABLE "eois" ADD CONSTRAINT "eois_origin_trade_id_orders_id_fk" FOREIGN KEY ("origin_trade_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
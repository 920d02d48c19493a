CREATE TABLE "idempotency_keys" (
	"user_account_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" smallint NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_account_id_key_pk" PRIMARY KEY("user_account_id","key")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer,
	"finstrument_id" integer NOT NULL,
	"buyer_client_id" integer NOT NULL,
	"seller_client_id" integer NOT NULL,
	"reporter_client_id" integer NOT NULL,
	"reporter_user_account_id" integer,
	"counterparty_user_account_id" integer,
	"broker_client_id" integer,
	"quantity" bigint NOT NULL,
	"unit_price" numeric(9, 4) NOT NULL,
	"yield" numeric(9, 6) NOT NULL,
	"traded_at" timestamp with time zone NOT NULL,
	"settlement_date" date NOT NULL,
	"principal" numeric(18, 2) NOT NULL,
	"accrued_interest" numeric(18, 2) NOT NULL,
	"consideration" numeric(18, 2) NOT NULL,
	"stamp_duty" numeric(18, 2) NOT NULL,
	"brokerage" numeric(18, 2) DEFAULT '0.00' NOT NULL,
	"exchange" text NOT NULL,
	"late_reported" boolean DEFAULT false NOT NULL,
	"funds_paid_in_at" timestamp with time zone,
	"securities_paid_in_at" timestamp with time zone,
	"buyer_cancel_requested_at" timestamp with time zone,
	"seller_cancel_requested_at" timestamp with time zone,
	"reason" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"machine_state" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_deal_id_unique" UNIQUE("deal_id")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_account_id_user_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "public"."finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_client_id_clients_id_fk" FOREIGN KEY ("buyer_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_client_id_clients_id_fk" FOREIGN KEY ("seller_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reporter_client_id_clients_id_fk" FOREIGN KEY ("reporter_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reporter_user_account_id_user_accounts_id_fk" FOREIGN KEY ("reporter_user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_counterparty_user_account_id_user_accounts_id_fk" FOREIGN KEY ("counterparty_user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_broker_client_id_clients_id_fk" FOREIGN KEY ("broker_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_client_id","status");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_client_id","status");--> statement-breakpoint
CREATE INDEX "orders_settlement_idx" ON "orders" USING btree ("status","settlement_date");
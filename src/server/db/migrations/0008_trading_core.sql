CREATE TABLE "clusters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clusters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"eoi_id" integer NOT NULL,
	"owner_client_id" integer NOT NULL,
	"responder_client_id" integer NOT NULL,
	"responder_user_account_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price" numeric(9, 4) NOT NULL,
	"yield" numeric(9, 6) NOT NULL,
	"settlement_date" date NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"machine_state" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cluster_id" integer NOT NULL,
	"eoi_id" integer NOT NULL,
	"buyer_client_id" integer NOT NULL,
	"seller_client_id" integer NOT NULL,
	"finstrument_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price" numeric(9, 4) NOT NULL,
	"yield" numeric(9, 6) NOT NULL,
	"settlement_date" date NOT NULL,
	"principal" numeric(18, 2) NOT NULL,
	"accrued_interest" numeric(18, 2) NOT NULL,
	"consideration" numeric(18, 2) NOT NULL,
	"stamp_duty" numeric(18, 2) NOT NULL,
	"exchange" text NOT NULL,
	"exchange_deal_id" text,
	"exchange_status" text NOT NULL,
	"rejection_reason" text,
	"accepted_by_user_account_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deals_cluster_id_unique" UNIQUE("cluster_id")
);
--> statement-breakpoint
CREATE TABLE "eois" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "eois_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"user_account_id" integer NOT NULL,
	"finstrument_id" integer NOT NULL,
	"quote_type" text NOT NULL,
	"quantum" bigint NOT NULL,
	"unit_price" numeric(9, 4) NOT NULL,
	"yield" numeric(9, 6) NOT NULL,
	"fixed_field" text NOT NULL,
	"settlement_date" date NOT NULL,
	"settlement_delta" smallint,
	"validity_minutes" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"rfq_mode" text NOT NULL,
	"oto_client_id" integer,
	"anonymous" boolean NOT NULL,
	"exchange" text NOT NULL,
	"send_to_rfq" boolean NOT NULL,
	"source" text NOT NULL,
	"end_client_id" integer,
	"status" text NOT NULL,
	"machine_state" jsonb NOT NULL,
	"machine_context" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_eoi_id_eois_id_fk" FOREIGN KEY ("eoi_id") REFERENCES "public"."eois"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_owner_client_id_clients_id_fk" FOREIGN KEY ("owner_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_responder_client_id_clients_id_fk" FOREIGN KEY ("responder_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_responder_user_account_id_user_accounts_id_fk" FOREIGN KEY ("responder_user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_eoi_id_eois_id_fk" FOREIGN KEY ("eoi_id") REFERENCES "public"."eois"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer_client_id_clients_id_fk" FOREIGN KEY ("buyer_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_client_id_clients_id_fk" FOREIGN KEY ("seller_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "public"."finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_accepted_by_user_account_id_user_accounts_id_fk" FOREIGN KEY ("accepted_by_user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eois" ADD CONSTRAINT "eois_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eois" ADD CONSTRAINT "eois_user_account_id_user_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eois" ADD CONSTRAINT "eois_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "public"."finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eois" ADD CONSTRAINT "eois_oto_client_id_clients_id_fk" FOREIGN KEY ("oto_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eois" ADD CONSTRAINT "eois_end_client_id_clients_id_fk" FOREIGN KEY ("end_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clusters_eoi_idx" ON "clusters" USING btree ("eoi_id");--> statement-breakpoint
CREATE INDEX "clusters_responder_idx" ON "clusters" USING btree ("responder_client_id","status");--> statement-breakpoint
CREATE INDEX "deals_eoi_idx" ON "deals" USING btree ("eoi_id");--> statement-breakpoint
CREATE INDEX "eois_client_idx" ON "eois" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "eois_market_idx" ON "eois" USING btree ("status","rfq_mode","expires_at");--> statement-breakpoint
CREATE INDEX "eois_oto_idx" ON "eois" USING btree ("oto_client_id","status");
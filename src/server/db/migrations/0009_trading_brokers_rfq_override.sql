ALTER TABLE "clusters" ADD COLUMN "facilitator_client_id" integer;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "agent_client_id" integer;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "brokerage" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "brokerage" numeric(18, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "eois" ADD COLUMN "price_overridden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eois" ADD COLUMN "exchange_quote_id" text;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_facilitator_client_id_clients_id_fk" FOREIGN KEY ("facilitator_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_agent_client_id_clients_id_fk" FOREIGN KEY ("agent_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
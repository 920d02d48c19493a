CREATE TYPE "public"."account_status" AS ENUM('active', 'inactive', 'invited');--> statement-breakpoint
CREATE TYPE "public"."client_category" AS ENUM('RTL', 'HUF', 'FMO', 'SWM', 'HNI');--> statement-breakpoint
CREATE TYPE "public"."client_mode" AS ENUM('SOFTWARE', 'BROKING');--> statement-breakpoint
CREATE TYPE "public"."client_segment" AS ENUM('INSTITUTIONAL', 'NON_INSTITUTIONAL', 'WDM');--> statement-breakpoint
CREATE TYPE "public"."client_tier" AS ENUM('BASIC', 'PREMIUM');--> statement-breakpoint
CREATE TYPE "public"."client_type" AS ENUM('CORP', 'CORP-P', 'INDV', 'INDV-P');--> statement-breakpoint
CREATE TYPE "public"."convention" AS ENUM('IN_GSEC', 'IN_GSEC_30E', 'IN_CORP');--> statement-breakpoint
CREATE TYPE "public"."day_count" AS ENUM('30/360', '30E/360', 'ACT/ACT', 'ACT/365');--> statement-breakpoint
CREATE TYPE "public"."leap_rule" AS ENUM('BONDYEAR', 'AFB', 'YEAREND');--> statement-breakpoint
CREATE TYPE "public"."rating_agency" AS ENUM('CRISIL', 'ICRA', 'CARE', 'India Ratings', 'Acuité', 'Brickwork', 'Infomerics');--> statement-breakpoint
CREATE TYPE "public"."rating_outlook" AS ENUM('Stable', 'Positive', 'Negative', 'Developing', 'Watch');--> statement-breakpoint
CREATE TYPE "public"."security_type" AS ENUM('GSEC', 'SDL', 'TBILL', 'PSU', 'BANK', 'NBFC', 'HFC', 'CORPORATE');--> statement-breakpoint
CREATE TYPE "public"."seniority" AS ENUM('SENIOR', 'SUBORDINATED', 'TIER2', 'AT1');--> statement-breakpoint
CREATE TABLE "client_brokers" (
	"client_id" integer NOT NULL,
	"broker_client_id" integer NOT NULL,
	CONSTRAINT "client_brokers_client_id_broker_client_id_pk" PRIMARY KEY("client_id","broker_client_id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"client_type" "client_type" NOT NULL,
	"client_mode" "client_mode" DEFAULT 'SOFTWARE' NOT NULL,
	"segment" "client_segment" NOT NULL,
	"category" "client_category",
	"tier" "client_tier" DEFAULT 'BASIC' NOT NULL,
	"is_broker" boolean DEFAULT false NOT NULL,
	"is_partner" boolean DEFAULT false NOT NULL,
	"offline_record" boolean DEFAULT false NOT NULL,
	"trades_on_books" boolean DEFAULT false NOT NULL,
	"website" text,
	"state" text,
	"pan" text,
	"allowed_exchanges" text[] DEFAULT '{NSCCL,ICCL}' NOT NULL,
	"allowed_reporting_exchanges" text[] DEFAULT '{}' NOT NULL,
	"rfq_exchanges" text[] DEFAULT '{}' NOT NULL,
	"stp_exchanges" text[] DEFAULT '{}' NOT NULL,
	"has_accepted_chat_terms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"aggregate_type" text NOT NULL,
	"aggregate_id" text NOT NULL,
	"client_id" integer,
	"actor_user_id" integer,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finstruments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finstruments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"isin" text NOT NULL,
	"display_name" text NOT NULL,
	"issuer_id" integer NOT NULL,
	"finstrument_type" text DEFAULT 'Bond' NOT NULL,
	"security_type" "security_type" NOT NULL,
	"convention" "convention" NOT NULL,
	"day_count" "day_count" NOT NULL,
	"leap_rule" "leap_rule",
	"coupon_rate" numeric(9, 6) NOT NULL,
	"frequency" smallint NOT NULL,
	"issue_date" date NOT NULL,
	"first_coupon_date" date,
	"maturity_date" date,
	"redemption" numeric(9, 4) DEFAULT '100' NOT NULL,
	"call_schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"put_schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"face_value" bigint NOT NULL,
	"is_listed" boolean NOT NULL,
	"is_secured" boolean NOT NULL,
	"is_tax_free" boolean DEFAULT false NOT NULL,
	"is_perpetual" boolean DEFAULT false NOT NULL,
	"seniority" "seniority" NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "finstruments_isin_unique" UNIQUE("isin")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issuers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issuers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"sector" text NOT NULL,
	"isin_issuer_code" text NOT NULL,
	"is_government" boolean DEFAULT false NOT NULL,
	"state" text,
	CONSTRAINT "issuers_name_unique" UNIQUE("name"),
	CONSTRAINT "issuers_isin_issuer_code_unique" UNIQUE("isin_issuer_code")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"user_account_id" integer NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "permissions_user_account_id_code_pk" PRIMARY KEY("user_account_id","code")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"issuer_id" integer NOT NULL,
	"finstrument_id" integer,
	"agency" "rating_agency" NOT NULL,
	"rating" text NOT NULL,
	"outlook" "rating_outlook" NOT NULL,
	"rated_on" date NOT NULL,
	"rationale" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"roles" text[] NOT NULL,
	"status" "account_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile" text,
	"password_hash" text,
	"single_screen_waitlist_joined" boolean DEFAULT false NOT NULL,
	"has_accepted_chat_terms" boolean DEFAULT false NOT NULL,
	"security_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notification_subscriber_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "client_brokers" ADD CONSTRAINT "client_brokers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_brokers" ADD CONSTRAINT "client_brokers_broker_client_id_clients_id_fk" FOREIGN KEY ("broker_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finstruments" ADD CONSTRAINT "finstruments_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_user_account_id_user_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "public"."finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_aggregate_idx" ON "events" USING btree ("aggregate_type","aggregate_id");--> statement-breakpoint
CREATE INDEX "finstruments_issuer_idx" ON "finstruments" USING btree ("issuer_id");--> statement-breakpoint
CREATE INDEX "finstruments_maturity_idx" ON "finstruments" USING btree ("maturity_date");--> statement-breakpoint
CREATE INDEX "ratings_issuer_idx" ON "ratings" USING btree ("issuer_id");--> statement-breakpoint
CREATE INDEX "ratings_finstrument_idx" ON "ratings" USING btree ("finstrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_user_client_idx" ON "user_accounts" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "user_accounts_client_idx" ON "user_accounts" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));
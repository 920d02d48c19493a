CREATE TABLE "event_consumer_cursors" (
	"consumer" text PRIMARY KEY NOT NULL,
	"tx_id" "xid8" NOT NULL,
	"event_id" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "events_position_idx" ON "events" USING btree ("tx_id","id");--> statement-breakpoint
-- Wakes the dispatchers when events commit (NOTIFY is delivered at commit, never for a rollback).
CREATE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kosh_events', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION events_notify();

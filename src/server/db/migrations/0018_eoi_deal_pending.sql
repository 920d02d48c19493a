-- The EOI chart keeps whether a deal on the quote waits for the exchange's answer (issue #27: a quote
-- with a pending deal cannot end). Quotes stored before carry it from their negotiations' states.
UPDATE "eois" SET "machine_context" = "machine_context" || jsonb_build_object('dealPending', EXISTS (
  SELECT 1 FROM "clusters" WHERE "clusters"."eoi_id" = "eois"."id" AND "clusters"."status" IN ('accepted', 'onExchange')
));

ALTER TABLE "user_accounts" ADD COLUMN "invited_first_name" text;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "invited_last_name" text;--> statement-breakpoint
-- Accounts still waiting for their invitee show the name the firm already sees, and never the
-- person's own name once that changes (the new rule: an invitation never renames anyone).
UPDATE "user_accounts" SET "invited_first_name" = "users"."first_name", "invited_last_name" = "users"."last_name" FROM "users" WHERE "users"."id" = "user_accounts"."user_id" AND "user_accounts"."status" = 'invited';

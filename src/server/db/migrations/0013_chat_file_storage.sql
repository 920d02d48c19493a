-- Chat files move to the storage port: new file messages keep a key and checksum here, bytes on disk.
-- Existing rows keep their bytes in file_content and are still read from it.
ALTER TABLE "chat_messages" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "file_sha256" text;

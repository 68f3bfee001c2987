-- The open event feed (issue 28, docs/feed.md) reads the audit log in
-- (xid, id) order up to the oldest running transaction: every entry gets the
-- id of the transaction that wrote it (existing entries: this migration's).
ALTER TABLE "registro" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "registro_xid_idx" ON "registro" USING btree ("xid","id");
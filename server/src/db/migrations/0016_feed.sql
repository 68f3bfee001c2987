-- The open event feed (issue 28, docs/feed.md) reads the audit log in
-- (xid, id) order up to the oldest running transaction: every entry gets the
-- id of the transaction that wrote it (existing entries: this migration's),
-- under a BRIN index, which costs the answers' path next to nothing.
ALTER TABLE "registro" ADD COLUMN "xid" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL;--> statement-breakpoint
CREATE INDEX "registro_xid_idx" ON "registro" USING brin ("xid");
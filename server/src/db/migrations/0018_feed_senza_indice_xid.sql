-- The open feed (docs/feed.md) bounds its reads of the audit log by the
-- entries' `momento` (already indexed) from the start of the oldest
-- transaction that was running at the previous read, carried in its token:
-- the index on `xid` of migration 0016 is no longer read, and it cost the
-- embedded database about a fifth of its answer rate (docs/performance.md).
DROP INDEX "registro_xid_idx";

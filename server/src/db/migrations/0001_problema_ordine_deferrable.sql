-- Custom migration (drizzle-kit generate --custom): drizzle cannot declare a
-- deferrable constraint. Reordering problems swaps `ordine` values inside one
-- transaction, so the uniqueness of (evento_id, ordine) is checked at commit.
-- PostgreSQL cannot ALTER a unique constraint's deferrability: drop and re-add.
ALTER TABLE "problema" DROP CONSTRAINT "problema_evento_ordine_unique";--> statement-breakpoint
ALTER TABLE "problema" ADD CONSTRAINT "problema_evento_ordine_unique" UNIQUE ("evento_id", "ordine") DEFERRABLE INITIALLY DEFERRED;

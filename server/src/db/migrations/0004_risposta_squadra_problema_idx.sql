DROP INDEX "risposta_squadra_idx";--> statement-breakpoint
CREATE INDEX "risposta_squadra_problema_idx" ON "risposta" USING btree ("squadra_id","problema_id");
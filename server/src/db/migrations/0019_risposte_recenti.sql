-- The duplicate check of an answer handed in without a key (the same answer
-- of the team received in the last few seconds, gas_consegna_risposte) read
-- every answer of its (team, problem) pair: bounded by the receipt time in
-- the index it reads only the last seconds' (docs/performance.md).
DROP INDEX "risposta_squadra_problema_idx";--> statement-breakpoint
CREATE INDEX "risposta_squadra_problema_ricevuta_idx" ON "risposta" USING btree ("squadra_id","problema_id","date_received");
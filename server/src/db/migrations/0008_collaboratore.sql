CREATE TABLE "collaboratore" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"contributi" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collaboratore_contributi_check" CHECK ("collaboratore"."contributi" >= 0)
);
--> statement-breakpoint
-- The collaborators were a list inside the about-us setting; they become
-- records of their own (the back office's `collaboratore`, issue 14). The
-- well-formed entries move over, in their order; the list leaves the setting.
INSERT INTO "collaboratore" ("nome", "contributi")
SELECT c->>'nome', greatest(0, least(2147483647, floor((c->>'contributi')::numeric)))::integer
FROM "impostazioni_sito" s,
  jsonb_array_elements(CASE WHEN jsonb_typeof(s."value"->'collaboratori') = 'array'
                            THEN s."value"->'collaboratori' ELSE '[]'::jsonb END)
  WITH ORDINALITY AS e(c, n)
WHERE s."key" = 'chi_siamo'
  AND jsonb_typeof(c) = 'object'
  AND jsonb_typeof(c->'nome') = 'string'
  AND jsonb_typeof(c->'contributi') = 'number'
ORDER BY e.n;
--> statement-breakpoint
UPDATE "impostazioni_sito" SET "value" = "value" - 'collaboratori'
WHERE "key" = 'chi_siamo' AND jsonb_typeof("value") = 'object';

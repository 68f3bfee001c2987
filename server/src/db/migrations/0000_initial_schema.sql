CREATE TABLE "citta" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"regione_id" integer,
	"provincia" text,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "paese" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"codice" text,
	CONSTRAINT "paese_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "regione" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"paese_id" integer
);
--> statement-breakpoint
CREATE TABLE "scuola" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"tipologia" text DEFAULT 'A' NOT NULL,
	"indirizzo_nome" text DEFAULT '' NOT NULL,
	"citta_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"codice_meccanografico" text,
	CONSTRAINT "scuola_codice_meccanografico_unique" UNIQUE("codice_meccanografico"),
	CONSTRAINT "scuola_tipologia_check" CHECK ("scuola"."tipologia" in ('LC', 'LS', 'LA', 'LL', 'LM', 'LU', 'LSp', 'ITE', 'ITT', 'IPS', 'IPI', 'IIS', 'IO', 'A'))
);
--> statement-breakpoint
CREATE TABLE "responsabile" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL,
	"puo_iscriversi_gare_ufficiali" boolean DEFAULT false NOT NULL,
	"newsletter" boolean DEFAULT false NOT NULL,
	"ruolo" text DEFAULT 'sp' NOT NULL,
	CONSTRAINT "responsabile_ruolo_check" CHECK ("responsabile"."ruolo" in ('sp', 'ss'))
);
--> statement-breakpoint
CREATE TABLE "responsabile_scuola" (
	"responsabile_id" integer NOT NULL,
	"scuola_id" integer NOT NULL,
	CONSTRAINT "responsabile_scuola_responsabile_id_scuola_id_pk" PRIMARY KEY("responsabile_id","scuola_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text DEFAULT '!' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "evento" (
	"id" serial PRIMARY KEY NOT NULL,
	"titolo" text NOT NULL,
	"descrizione" text DEFAULT '' NOT NULL,
	"inizio" timestamp with time zone NOT NULL,
	"fine" timestamp with time zone NOT NULL,
	"tipologia" text DEFAULT 'priv' NOT NULL,
	"ufficiale" boolean DEFAULT false NOT NULL,
	"anno" integer NOT NULL,
	"inizio_iscrizioni" timestamp with time zone,
	"fine_iscrizioni" timestamp with time zone,
	"fine_modifica_squadre" timestamp with time zone,
	"fine_consegna_jolly" timestamp with time zone,
	"file_problemi_id" integer,
	"file_soluzioni_id" integer,
	"youtube_link" text DEFAULT '' NOT NULL,
	"pagina_dedicata" text DEFAULT '' NOT NULL,
	"creato_da" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pti_tolti_errore" integer DEFAULT 10 NOT NULL,
	"pti_base_montepremi" integer DEFAULT 70 NOT NULL,
	"max_errori_raise_montepremi" integer DEFAULT 3 NOT NULL,
	"errore_punteggi_raise" integer DEFAULT 20 NOT NULL,
	"punteggio_base_problemi" integer DEFAULT 30 NOT NULL,
	"bonus_velocita" integer DEFAULT 20 NOT NULL,
	"scaling_bonus_velocita" double precision DEFAULT 1 NOT NULL,
	"scaling_bonus_montepremi" double precision DEFAULT 1 NOT NULL,
	CONSTRAINT "evento_tipologia_check" CHECK ("evento"."tipologia" in ('o', 'pub', 'priv')),
	CONSTRAINT "evento_fine_dopo_inizio_check" CHECK ("evento"."fine" >= "evento"."inizio")
);
--> statement-breakpoint
CREATE TABLE "evento_amministratore" (
	"evento_id" integer NOT NULL,
	"responsabile_id" integer NOT NULL,
	CONSTRAINT "evento_amministratore_evento_id_responsabile_id_pk" PRIMARY KEY("evento_id","responsabile_id")
);
--> statement-breakpoint
CREATE TABLE "evento_inseritore" (
	"evento_id" integer NOT NULL,
	"responsabile_id" integer NOT NULL,
	CONSTRAINT "evento_inseritore_evento_id_responsabile_id_pk" PRIMARY KEY("evento_id","responsabile_id")
);
--> statement-breakpoint
CREATE TABLE "file_programmato" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"tipologia" text NOT NULL,
	"data" timestamp with time zone NOT NULL,
	"pubblico" boolean DEFAULT false NOT NULL,
	"nome_file" text NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"dimensione" integer NOT NULL,
	"sha256" text NOT NULL,
	"contenuto" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_programmato_tipologia_check" CHECK ("file_programmato"."tipologia" in ('problemi', 'soluzioni'))
);
--> statement-breakpoint
CREATE TABLE "messaggio_importante" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"testo" text NOT NULL,
	"data" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessione" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"evento_id" integer NOT NULL,
	"ufficiale" boolean DEFAULT false NOT NULL,
	"numero_qualificati" integer,
	"ordine" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sessione_id_evento_unique" UNIQUE("id","evento_id")
);
--> statement-breakpoint
CREATE TABLE "polo" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"nome_breve" text NOT NULL,
	"descrizione" text DEFAULT '' NOT NULL,
	"indirizzo" text DEFAULT '' NOT NULL,
	"citta_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"capacita_massima_squadre" integer
);
--> statement-breakpoint
CREATE TABLE "polo_responsabile" (
	"polo_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "polo_responsabile_polo_id_user_id_pk" PRIMARY KEY("polo_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "responsabile_squadra" (
	"responsabile_id" integer NOT NULL,
	"squadra_id" integer NOT NULL,
	CONSTRAINT "responsabile_squadra_responsabile_id_squadra_id_pk" PRIMARY KEY("responsabile_id","squadra_id")
);
--> statement-breakpoint
CREATE TABLE "squadra" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"scuola_id" integer,
	"sessione_id" integer NOT NULL,
	"evento_id" integer NOT NULL,
	"polo_id" integer,
	"ufficiale" boolean DEFAULT false NOT NULL,
	"ospite" boolean DEFAULT false NOT NULL,
	"ordine_eta" integer DEFAULT 0 NOT NULL,
	"id_esterno" text,
	"capitano" text,
	"consegnatore" text,
	"p1" text,
	"p2" text,
	"p3" text,
	"anno_capitano" integer,
	"anno_consegnatore" integer,
	"anno_p1" integer,
	"anno_p2" integer,
	"anno_p3" integer,
	"penalita" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "squadra_evento_id_esterno_unique" UNIQUE("evento_id","id_esterno"),
	CONSTRAINT "squadra_id_sessione_unique" UNIQUE("id","sessione_id")
);
--> statement-breakpoint
CREATE TABLE "jolly" (
	"id" serial PRIMARY KEY NOT NULL,
	"squadra_id" integer NOT NULL,
	"problema_id" integer NOT NULL,
	"risposta_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problema" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"nome" text NOT NULL,
	"ordine" integer NOT NULL,
	"soluzione" double precision DEFAULT 0 NOT NULL,
	"soluzione_exp" integer DEFAULT 0 NOT NULL,
	"intervallo_validita" double precision DEFAULT 0.005 NOT NULL,
	"udm_soluzione" text DEFAULT '' NOT NULL,
	CONSTRAINT "problema_evento_ordine_unique" UNIQUE("evento_id","ordine")
);
--> statement-breakpoint
CREATE TABLE "punteggi_cache" (
	"id" serial PRIMARY KEY NOT NULL,
	"sessione_id" integer NOT NULL,
	"ora" timestamp with time zone NOT NULL,
	"json" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risposta" (
	"id" serial PRIMARY KEY NOT NULL,
	"problema_id" integer NOT NULL,
	"squadra_id" integer NOT NULL,
	"sessione_id" integer NOT NULL,
	"valore" text DEFAULT '' NOT NULL,
	"valore_exp" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'r' NOT NULL,
	"corretto" boolean,
	"momento_consegna" timestamp with time zone NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"date_received" timestamp with time zone DEFAULT now() NOT NULL,
	"inserita_da" integer,
	CONSTRAINT "risposta_kind_check" CHECK ("risposta"."kind" in ('r', 'j')),
	CONSTRAINT "risposta_corretto_check" CHECK (("risposta"."kind" = 'j') = ("risposta"."corretto" is null))
);
--> statement-breakpoint
CREATE TABLE "impostazioni_sito" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsor" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ordine" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"csrf_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "citta" ADD CONSTRAINT "citta_regione_id_regione_id_fk" FOREIGN KEY ("regione_id") REFERENCES "public"."regione"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regione" ADD CONSTRAINT "regione_paese_id_paese_id_fk" FOREIGN KEY ("paese_id") REFERENCES "public"."paese"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scuola" ADD CONSTRAINT "scuola_citta_id_citta_id_fk" FOREIGN KEY ("citta_id") REFERENCES "public"."citta"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsabile" ADD CONSTRAINT "responsabile_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsabile_scuola" ADD CONSTRAINT "responsabile_scuola_responsabile_id_responsabile_id_fk" FOREIGN KEY ("responsabile_id") REFERENCES "public"."responsabile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsabile_scuola" ADD CONSTRAINT "responsabile_scuola_scuola_id_scuola_id_fk" FOREIGN KEY ("scuola_id") REFERENCES "public"."scuola"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento" ADD CONSTRAINT "evento_file_problemi_id_file_programmato_id_fk" FOREIGN KEY ("file_problemi_id") REFERENCES "public"."file_programmato"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento" ADD CONSTRAINT "evento_file_soluzioni_id_file_programmato_id_fk" FOREIGN KEY ("file_soluzioni_id") REFERENCES "public"."file_programmato"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento" ADD CONSTRAINT "evento_creato_da_users_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_amministratore" ADD CONSTRAINT "evento_amministratore_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_amministratore" ADD CONSTRAINT "evento_amministratore_responsabile_id_responsabile_id_fk" FOREIGN KEY ("responsabile_id") REFERENCES "public"."responsabile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_inseritore" ADD CONSTRAINT "evento_inseritore_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_inseritore" ADD CONSTRAINT "evento_inseritore_responsabile_id_responsabile_id_fk" FOREIGN KEY ("responsabile_id") REFERENCES "public"."responsabile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_programmato" ADD CONSTRAINT "file_programmato_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaggio_importante" ADD CONSTRAINT "messaggio_importante_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessione" ADD CONSTRAINT "sessione_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polo" ADD CONSTRAINT "polo_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polo" ADD CONSTRAINT "polo_citta_id_citta_id_fk" FOREIGN KEY ("citta_id") REFERENCES "public"."citta"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polo_responsabile" ADD CONSTRAINT "polo_responsabile_polo_id_polo_id_fk" FOREIGN KEY ("polo_id") REFERENCES "public"."polo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polo_responsabile" ADD CONSTRAINT "polo_responsabile_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsabile_squadra" ADD CONSTRAINT "responsabile_squadra_responsabile_id_responsabile_id_fk" FOREIGN KEY ("responsabile_id") REFERENCES "public"."responsabile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsabile_squadra" ADD CONSTRAINT "responsabile_squadra_squadra_id_squadra_id_fk" FOREIGN KEY ("squadra_id") REFERENCES "public"."squadra"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squadra" ADD CONSTRAINT "squadra_scuola_id_scuola_id_fk" FOREIGN KEY ("scuola_id") REFERENCES "public"."scuola"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squadra" ADD CONSTRAINT "squadra_polo_id_polo_id_fk" FOREIGN KEY ("polo_id") REFERENCES "public"."polo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squadra" ADD CONSTRAINT "squadra_sessione_evento_fk" FOREIGN KEY ("sessione_id","evento_id") REFERENCES "public"."sessione"("id","evento_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "jolly" ADD CONSTRAINT "jolly_squadra_id_squadra_id_fk" FOREIGN KEY ("squadra_id") REFERENCES "public"."squadra"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jolly" ADD CONSTRAINT "jolly_problema_id_problema_id_fk" FOREIGN KEY ("problema_id") REFERENCES "public"."problema"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jolly" ADD CONSTRAINT "jolly_risposta_id_risposta_id_fk" FOREIGN KEY ("risposta_id") REFERENCES "public"."risposta"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problema" ADD CONSTRAINT "problema_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punteggi_cache" ADD CONSTRAINT "punteggi_cache_sessione_id_sessione_id_fk" FOREIGN KEY ("sessione_id") REFERENCES "public"."sessione"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risposta" ADD CONSTRAINT "risposta_problema_id_problema_id_fk" FOREIGN KEY ("problema_id") REFERENCES "public"."problema"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risposta" ADD CONSTRAINT "risposta_sessione_id_sessione_id_fk" FOREIGN KEY ("sessione_id") REFERENCES "public"."sessione"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risposta" ADD CONSTRAINT "risposta_inserita_da_users_id_fk" FOREIGN KEY ("inserita_da") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risposta" ADD CONSTRAINT "risposta_squadra_sessione_fk" FOREIGN KEY ("squadra_id","sessione_id") REFERENCES "public"."squadra"("id","sessione_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "chat_token" ADD CONSTRAINT "chat_token_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_session" ADD CONSTRAINT "login_session_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "citta_nome_idx" ON "citta" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "citta_regione_idx" ON "citta" USING btree ("regione_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regione_nome_paese_unique" ON "regione" USING btree ("nome","paese_id");--> statement-breakpoint
CREATE INDEX "scuola_citta_idx" ON "scuola" USING btree ("citta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "responsabile_user_unique" ON "responsabile" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "responsabile_scuola_scuola_idx" ON "responsabile_scuola" USING btree ("scuola_id");--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "evento_inizio_idx" ON "evento" USING btree ("inizio");--> statement-breakpoint
CREATE INDEX "evento_anno_idx" ON "evento" USING btree ("anno");--> statement-breakpoint
CREATE INDEX "evento_amministratore_responsabile_idx" ON "evento_amministratore" USING btree ("responsabile_id");--> statement-breakpoint
CREATE INDEX "evento_inseritore_responsabile_idx" ON "evento_inseritore" USING btree ("responsabile_id");--> statement-breakpoint
CREATE INDEX "file_programmato_evento_idx" ON "file_programmato" USING btree ("evento_id");--> statement-breakpoint
CREATE INDEX "messaggio_importante_evento_data_idx" ON "messaggio_importante" USING btree ("evento_id","data");--> statement-breakpoint
CREATE INDEX "sessione_evento_idx" ON "sessione" USING btree ("evento_id","ordine");--> statement-breakpoint
CREATE INDEX "polo_evento_idx" ON "polo" USING btree ("evento_id");--> statement-breakpoint
CREATE INDEX "polo_responsabile_user_idx" ON "polo_responsabile" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "responsabile_squadra_squadra_idx" ON "responsabile_squadra" USING btree ("squadra_id");--> statement-breakpoint
CREATE INDEX "squadra_sessione_idx" ON "squadra" USING btree ("sessione_id");--> statement-breakpoint
CREATE INDEX "squadra_evento_idx" ON "squadra" USING btree ("evento_id");--> statement-breakpoint
CREATE INDEX "squadra_scuola_idx" ON "squadra" USING btree ("scuola_id");--> statement-breakpoint
CREATE INDEX "squadra_polo_idx" ON "squadra" USING btree ("polo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jolly_squadra_unique" ON "jolly" USING btree ("squadra_id");--> statement-breakpoint
CREATE INDEX "jolly_problema_idx" ON "jolly" USING btree ("problema_id");--> statement-breakpoint
CREATE INDEX "punteggi_cache_sessione_ora_idx" ON "punteggi_cache" USING btree ("sessione_id","ora");--> statement-breakpoint
CREATE INDEX "risposta_sessione_date_idx" ON "risposta" USING btree ("sessione_id","date","id");--> statement-breakpoint
CREATE INDEX "risposta_squadra_idx" ON "risposta" USING btree ("squadra_id");--> statement-breakpoint
CREATE INDEX "risposta_problema_idx" ON "risposta" USING btree ("problema_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_token_user_unique" ON "chat_token" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_token_token_unique" ON "chat_token" USING btree ("token");--> statement-breakpoint
CREATE INDEX "login_session_user_idx" ON "login_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_session_expires_idx" ON "login_session" USING btree ("expires_at");
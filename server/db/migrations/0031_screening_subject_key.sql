-- Screenings of the same subject against the same listed entries share a key (server/domain/screening/subject-key.ts),
-- so twins are listed and decided together. Rows stored before keep null: they are listed and decided alone.
ALTER TABLE "screenings" ADD COLUMN "subject_key" text;--> statement-breakpoint
CREATE INDEX "screenings_subject_idx" ON "screenings" USING btree ("account_id","environment","subject_key","created_at");
ALTER TABLE "vote_ballots" ADD COLUMN "recorded_by" integer;--> statement-breakpoint
ALTER TABLE "vote_ballots" ADD COLUMN "remark" varchar(200) DEFAULT '' NOT NULL;
CREATE TABLE "questionnaire_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaire_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"option_ids" integer[] DEFAULT '{}' NOT NULL,
	"text" varchar(500) DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaire_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"text" varchar(200) NOT NULL,
	"seqs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaire_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"type" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaires_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_ballots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vote_ballots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"vote_id" integer NOT NULL,
	"voter_key" varchar(40) NOT NULL,
	"option_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"cast_by" integer NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vote_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vote_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"vote_id" integer NOT NULL,
	"text" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"agree" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_proxies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vote_proxies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"vote_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"proxy_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_roll" (
	"tenant_id" integer NOT NULL,
	"vote_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"owner_key" varchar(40) NOT NULL,
	"area_centi" bigint NOT NULL,
	CONSTRAINT "vote_roll_vote_id_house_id_pk" PRIMARY KEY("vote_id","house_id")
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"img" varchar(255) DEFAULT '' NOT NULL,
	"vote_type" smallint DEFAULT 1 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"test" varchar(200) DEFAULT '' NOT NULL,
	"etime" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_answers_uq" ON "questionnaire_answers" USING btree ("questionnaire_id","resident_id","question_id");--> statement-breakpoint
CREATE INDEX "questionnaire_answers_question_idx" ON "questionnaire_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "questionnaire_options_question_idx" ON "questionnaire_options" USING btree ("question_id","seqs","id");--> statement-breakpoint
CREATE INDEX "questionnaire_questions_q_idx" ON "questionnaire_questions" USING btree ("questionnaire_id","sort","id");--> statement-breakpoint
CREATE INDEX "questionnaires_tenant_idx" ON "questionnaires" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_ballots_current_uq" ON "vote_ballots" USING btree ("vote_id","voter_key") WHERE "vote_ballots"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "vote_ballots_option_idx" ON "vote_ballots" USING btree ("vote_id","option_id");--> statement-breakpoint
CREATE INDEX "vote_options_vote_idx" ON "vote_options" USING btree ("vote_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_proxies_owner_uq" ON "vote_proxies" USING btree ("vote_id","owner_id");--> statement-breakpoint
CREATE INDEX "vote_roll_owner_idx" ON "vote_roll" USING btree ("vote_id","owner_key");--> statement-breakpoint
CREATE INDEX "votes_tenant_idx" ON "votes" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE INDEX "votes_open_idx" ON "votes" USING btree ("etime") WHERE "votes"."state" = 3;
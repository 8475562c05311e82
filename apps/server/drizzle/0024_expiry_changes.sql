CREATE TABLE "expiry_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expiry_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(10) NOT NULL,
	"target_id" integer NOT NULL,
	"operator_id" integer,
	"action" varchar(10) NOT NULL,
	"years" smallint DEFAULT 0 NOT NULL,
	"days" smallint DEFAULT 0 NOT NULL,
	"from_date" date,
	"to_date" date NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"user_kind" varchar(10) NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "expiry_changes_target_idx" ON "expiry_changes" USING btree ("kind","target_id","id");--> statement-breakpoint
CREATE INDEX "expiry_changes_operator_idx" ON "expiry_changes" USING btree ("operator_id","id");
CREATE TABLE "company_exports" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "company_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"job_id" varchar(64) DEFAULT '' NOT NULL,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"file_key" varchar(128) DEFAULT '' NOT NULL,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"tables" integer DEFAULT 0 NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "company_exports_id_tenant_id_pk" PRIMARY KEY("id","tenant_id")
);
--> statement-breakpoint
CREATE INDEX "company_exports_tenant_idx" ON "company_exports" USING btree ("tenant_id","id");
-- The audit trail becomes a table partitioned by month on created_at. The rows written so far land in the default
-- partition; the audit-partitions job moves each month out of it into a partition of its own.
ALTER TABLE "audit_logs" RENAME TO "audit_logs_unpartitioned";--> statement-breakpoint
ALTER TABLE "audit_logs_unpartitioned" RENAME CONSTRAINT "audit_logs_pkey" TO "audit_logs_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "audit_logs_tenant_time_idx" RENAME TO "audit_logs_unpartitioned_tenant_time_idx";--> statement-breakpoint
ALTER INDEX "audit_logs_record_idx" RENAME TO "audit_logs_unpartitioned_record_idx";--> statement-breakpoint
ALTER SEQUENCE "audit_logs_id_seq" RENAME TO "audit_logs_unpartitioned_id_seq";--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"operator_id" integer,
	"user_id" integer NOT NULL,
	"user_name" varchar(64) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"screen" varchar(64) NOT NULL,
	"screen_title" varchar(64) DEFAULT '' NOT NULL,
	"action" varchar(16) NOT NULL,
	"record_id" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_logs_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "audit_logs_default" PARTITION OF "audit_logs" DEFAULT;--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_time_idx" ON "audit_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_record_idx" ON "audit_logs" USING btree ("screen","record_id");--> statement-breakpoint
INSERT INTO "audit_logs" OVERRIDING SYSTEM VALUE SELECT * FROM "audit_logs_unpartitioned";--> statement-breakpoint
SELECT setval('audit_logs_id_seq', coalesce((SELECT max("id") FROM "audit_logs"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "audit_logs_unpartitioned";

CREATE TABLE "abnormal_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abnormal_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"title" varchar(200) NOT NULL,
	"original_content" text DEFAULT '' NOT NULL,
	"source" varchar(32) NOT NULL,
	"source_id" varchar(64) NOT NULL,
	"user_ids" integer[],
	"handled" smallint DEFAULT 2 NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abnormal_reads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abnormal_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"alert_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(100) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"audience" smallint DEFAULT 1 NOT NULL,
	"tenant_ids" integer[] DEFAULT '{}' NOT NULL,
	"published" smallint DEFAULT 2 NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" integer,
	"author_name" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abnormal_reads" ADD CONSTRAINT "abnormal_reads_alert_id_abnormal_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."abnormal_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_platform_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."platform_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_alerts_source_uq" ON "abnormal_alerts" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "abnormal_alerts_tenant_idx" ON "abnormal_alerts" USING btree ("tenant_id","village_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_reads_alert_user_uq" ON "abnormal_reads" USING btree ("alert_id","user_id");--> statement-breakpoint
CREATE INDEX "abnormal_reads_user_idx" ON "abnormal_reads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_reads_notice_user_uq" ON "notice_reads" USING btree ("notice_id","user_id");--> statement-breakpoint
CREATE INDEX "notice_reads_user_idx" ON "notice_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "platform_notices_published_idx" ON "platform_notices" USING btree ("published","published_at");
CREATE TABLE "receipt_prints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipt_prints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"receipt_id" integer,
	"kind" smallint NOT NULL,
	"bill_ids" integer[] NOT NULL,
	"reprint" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"user_name" varchar(50) DEFAULT '' NOT NULL,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"layout" varchar(16) DEFAULT 'a4' NOT NULL,
	"title" varchar(50) DEFAULT '' NOT NULL,
	"header" varchar(200) DEFAULT '' NOT NULL,
	"footer" varchar(200) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"source" varchar(24) NOT NULL,
	"seq" integer NOT NULL,
	"no" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "receipt_prints_receipt_idx" ON "receipt_prints" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "receipt_prints_tenant_idx" ON "receipt_prints" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_tenant_seq_uq" ON "receipts" USING btree ("tenant_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_tenant_source_uq" ON "receipts" USING btree ("tenant_id","source");
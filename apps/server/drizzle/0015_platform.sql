CREATE TABLE "expiry_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expiry_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(10) NOT NULL,
	"target_id" integer NOT NULL,
	"expire_date" date NOT NULL,
	"days" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "region_codes" varchar(12)[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "share_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "service_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "expire_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "template" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "operator_id" integer;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "share_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "menu_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "expiry_reminders_uq" ON "expiry_reminders" USING btree ("kind","target_id","expire_date","days");--> statement-breakpoint
UPDATE "operators" SET "region_codes" = ARRAY["region_code"] WHERE "region_code" <> '' AND "region_codes" = '{}';

CREATE TABLE "service_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"years" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"pay_method" smallint DEFAULT 4 NOT NULL,
	"out_trade_no" varchar(32) NOT NULL,
	"state" varchar(16) DEFAULT 'NOTPAY' NOT NULL,
	"provider" varchar(16) DEFAULT 'pending' NOT NULL,
	"code_url" text DEFAULT '' NOT NULL,
	"transaction_id" varchar(64) DEFAULT '' NOT NULL,
	"end_date" date,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"user_id" integer,
	"user_name" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"title" varchar(50) NOT NULL,
	"icon" varchar(255) DEFAULT '' NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"price" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenant_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_due" ADD COLUMN "village_id" integer;--> statement-breakpoint
ALTER TABLE "refund_due" ADD COLUMN "house_id" integer;--> statement-breakpoint
-- rows recorded before this migration: village and house from their pay order
UPDATE "refund_due" r SET "village_id" = o."village_id", "house_id" = o."house_id" FROM "pay_orders" o WHERE o."id" = r."pay_order_id";--> statement-breakpoint
UPDATE "refund_due" SET "village_id" = 0 WHERE "village_id" IS NULL;--> statement-breakpoint
UPDATE "refund_due" SET "house_id" = 0 WHERE "house_id" IS NULL;--> statement-breakpoint
ALTER TABLE "refund_due" ALTER COLUMN "village_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_due" ALTER COLUMN "house_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_due" ADD COLUMN "refunded_by" integer;--> statement-breakpoint
ALTER TABLE "refund_due" ADD COLUMN "refunded_by_name" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_due" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_due" ADD COLUMN "remark" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_services" ADD CONSTRAINT "tenant_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_out_trade_no_uq" ON "service_orders" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "service_orders_tenant_idx" ON "service_orders" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_code_uq" ON "services" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_services_uq" ON "tenant_services" USING btree ("tenant_id","service_id");--> statement-breakpoint
CREATE INDEX "refund_due_village_idx" ON "refund_due" USING btree ("village_id","id");
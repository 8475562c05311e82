CREATE TABLE "balance_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"before" bigint NOT NULL,
	"change" bigint NOT NULL,
	"after" bigint NOT NULL,
	"reason" varchar(100) NOT NULL,
	"user_id" integer,
	"user_name" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"fee_item_id" integer NOT NULL,
	"category" smallint NOT NULL,
	"name" varchar(50) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"months" integer DEFAULT 1 NOT NULL,
	"quantity" numeric(12, 2),
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"formula" varchar(200) NOT NULL,
	"due_date" date NOT NULL,
	"late_fee_rate" numeric(6, 2) DEFAULT '0' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"late_fee" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"pay_method" smallint,
	"payment_id" integer,
	"paid_at" timestamp with time zone,
	"is_signed" smallint DEFAULT 2 NOT NULL,
	"invoice_no" varchar(50) DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"category" smallint DEFAULT 1 NOT NULL,
	"calc_mode" smallint DEFAULT 1 NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"unit_label" varchar(10) DEFAULT '' NOT NULL,
	"period_type" smallint DEFAULT 1 NOT NULL,
	"cycle_months" integer DEFAULT 1 NOT NULL,
	"late_fee_rate" numeric(6, 2) DEFAULT '0' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"multiplier" numeric(4, 2) DEFAULT '1.00' NOT NULL,
	"msg_reminder" bigint DEFAULT 0 NOT NULL,
	"list_reminder" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meter_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"fee_item_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"prev_reading" numeric(12, 2) DEFAULT '0' NOT NULL,
	"curr_reading" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"out_trade_no" varchar(32) NOT NULL,
	"bill_ids" integer[] NOT NULL,
	"total" bigint NOT NULL,
	"discount" numeric(5, 2) DEFAULT '100' NOT NULL,
	"amount" bigint NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" varchar(16) DEFAULT 'NOTPAY' NOT NULL,
	"provider" varchar(16) NOT NULL,
	"channel" varchar(16) DEFAULT 'native' NOT NULL,
	"code_url" text DEFAULT '' NOT NULL,
	"transaction_id" varchar(64) DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"bill_ids" integer[] NOT NULL,
	"total" bigint NOT NULL,
	"discount" numeric(5, 2) DEFAULT '100' NOT NULL,
	"amount" bigint NOT NULL,
	"pay_method" smallint NOT NULL,
	"order_num" varchar(64) DEFAULT '' NOT NULL,
	"channel" varchar(16) NOT NULL,
	"pay_order_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_due" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_due_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"pay_order_id" integer NOT NULL,
	"out_trade_no" varchar(32) NOT NULL,
	"transaction_id" varchar(64) NOT NULL,
	"amount" bigint NOT NULL,
	"reason" varchar(200) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_fee_item_id_fee_items_id_fk" FOREIGN KEY ("fee_item_id") REFERENCES "public"."fee_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_fee_item_id_fee_items_id_fk" FOREIGN KEY ("fee_item_id") REFERENCES "public"."fee_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_ledger_house_idx" ON "balance_ledger" USING btree ("house_id","id");--> statement-breakpoint
CREATE INDEX "balance_ledger_tenant_idx" ON "balance_ledger" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "bills_tenant_idx" ON "bills" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "bills_village_idx" ON "bills" USING btree ("village_id","id");--> statement-breakpoint
CREATE INDEX "bills_house_idx" ON "bills" USING btree ("house_id");--> statement-breakpoint
CREATE INDEX "bills_tenant_status_due_idx" ON "bills" USING btree ("tenant_id","status","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_house_item_period_uq" ON "bills" USING btree ("house_id","fee_item_id","period_start");--> statement-breakpoint
CREATE INDEX "fee_items_tenant_idx" ON "fee_items" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "fee_items_village_idx" ON "fee_items" USING btree ("village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_items_village_name_uq" ON "fee_items" USING btree ("village_id","name");--> statement-breakpoint
CREATE INDEX "meter_readings_tenant_idx" ON "meter_readings" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_readings_uq" ON "meter_readings" USING btree ("house_id","fee_item_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_out_trade_no_uq" ON "pay_orders" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "pay_orders_tenant_idx" ON "pay_orders" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_idx" ON "payments" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pay_order_uq" ON "payments" USING btree ("pay_order_id") WHERE "payments"."pay_order_id" is not null;--> statement-breakpoint
CREATE INDEX "refund_due_tenant_idx" ON "refund_due" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_due_trade_uq" ON "refund_due" USING btree ("out_trade_no","transaction_id");
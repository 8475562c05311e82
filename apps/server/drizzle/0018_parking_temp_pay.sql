CREATE TABLE "parking_temp_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parking_temp_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"plate" varchar(16) NOT NULL,
	"amount" bigint NOT NULL,
	"out_trade_no" varchar(32) NOT NULL,
	"state" varchar(16) DEFAULT 'NOTPAY' NOT NULL,
	"provider" varchar(16) DEFAULT 'pending' NOT NULL,
	"code_url" text DEFAULT '' NOT NULL,
	"transaction_id" varchar(64) DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_temp_orders_amount_ck" CHECK ("parking_temp_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "parking_temp_orders_trade_uq" ON "parking_temp_orders" USING btree ("tenant_id","out_trade_no");--> statement-breakpoint
CREATE INDEX "parking_temp_orders_entry_idx" ON "parking_temp_orders" USING btree ("entry_id","paid_at");--> statement-breakpoint
CREATE INDEX "parking_temp_orders_tenant_idx" ON "parking_temp_orders" USING btree ("tenant_id","lot_id","id");
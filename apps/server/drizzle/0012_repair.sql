CREATE TABLE "paid_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paid_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"unit" varchar(10) DEFAULT '次' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"response_minutes" integer DEFAULT 30 NOT NULL,
	"complete_minutes" integer DEFAULT 1440 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"house_id" integer,
	"person_name" varchar(64) NOT NULL,
	"tel" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"problem" text NOT NULL,
	"imgs" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"urgency" smallint DEFAULT 1 NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"worker_id" integer,
	"content" varchar(500) DEFAULT '' NOT NULL,
	"wctime" timestamp with time zone,
	"stime" timestamp with time zone,
	"etime" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"result" text DEFAULT '' NOT NULL,
	"result_imgs" text DEFAULT '' NOT NULL,
	"material_cost" bigint DEFAULT 0 NOT NULL,
	"labour_cost" bigint DEFAULT 0 NOT NULL,
	"paid_service_id" integer,
	"bill_id" integer,
	"waive_reason" varchar(255) DEFAULT '' NOT NULL,
	"rating" smallint,
	"comment" varchar(500) DEFAULT '' NOT NULL,
	"visited_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancel_reason" varchar(255) DEFAULT '' NOT NULL,
	"event_id" integer,
	"overdue_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_timeline" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_timeline_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"user_name" varchar(50) DEFAULT '' NOT NULL,
	"action" varchar(20) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bills_house_item_period_uq";--> statement-breakpoint
ALTER TABLE "report_things" ADD COLUMN "type" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_things" ADD COLUMN "answer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_things" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_things" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "work_order_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "paid_services_tenant_idx" ON "paid_services" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "paid_services_village_name_uq" ON "paid_services" USING btree ("village_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_categories_tenant_name_uq" ON "repair_categories" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "repair_orders_tenant_status_idx" ON "repair_orders" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "repair_orders_tenant_idx" ON "repair_orders" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "repair_orders_worker_idx" ON "repair_orders" USING btree ("worker_id","status","id");--> statement-breakpoint
CREATE INDEX "repair_orders_open_idx" ON "repair_orders" USING btree ("status","created_at") WHERE "repair_orders"."status" < 5;--> statement-breakpoint
CREATE UNIQUE INDEX "repair_orders_event_uq" ON "repair_orders" USING btree ("event_id") WHERE "repair_orders"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "repair_timeline_order_idx" ON "repair_timeline" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "report_things_list_idx" ON "report_things" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "workers_user_idx" ON "workers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_house_item_period_uq" ON "bills" USING btree ("house_id","fee_item_id","period_start","work_order_id");
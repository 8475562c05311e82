CREATE TABLE "parking_gates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parking_gates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"parkcode" varchar(64) NOT NULL,
	"direction" smallint DEFAULT 1 NOT NULL,
	"person_name" varchar(50) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"lonlat" varchar(64) DEFAULT '' NOT NULL,
	"internet_url" varchar(255) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"secret" varchar(64) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parking_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"code" varchar(32) NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"lonlat" varchar(64) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"free_minutes" integer DEFAULT 15 NOT NULL,
	"hour_price" bigint DEFAULT 0 NOT NULL,
	"day_cap" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_spaces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parking_spaces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"space_no" varchar(32) NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"monthly_fee" bigint DEFAULT 0 NOT NULL,
	"cleaning_fee" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"plate" varchar(8) NOT NULL,
	"colour" varchar(16) DEFAULT '' NOT NULL,
	"car_type" smallint DEFAULT 1 NOT NULL,
	"person_id" integer,
	"photos" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parking_gates" ADD CONSTRAINT "parking_gates_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_person_id_gate_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."gate_persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parking_gates_lot_idx" ON "parking_gates" USING btree ("lot_id","id");--> statement-breakpoint
CREATE INDEX "parking_gates_tenant_idx" ON "parking_gates" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_gates_parkcode_uq" ON "parking_gates" USING btree ("tenant_id","parkcode");--> statement-breakpoint
CREATE INDEX "parking_lots_tenant_idx" ON "parking_lots" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_lots_code_uq" ON "parking_lots" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_spaces_no_uq" ON "parking_spaces" USING btree ("lot_id","space_no");--> statement-breakpoint
CREATE INDEX "parking_spaces_tenant_idx" ON "parking_spaces" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_active_uq" ON "vehicles" USING btree ("tenant_id","plate") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "vehicles_tenant_idx" ON "vehicles" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE INDEX "vehicles_person_idx" ON "vehicles" USING btree ("person_id");
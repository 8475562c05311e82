CREATE TABLE "gate_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gate_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"gate_id" integer NOT NULL,
	"event_id" varchar(64) NOT NULL,
	"plate" varchar(16) NOT NULL,
	"is_type" smallint NOT NULL,
	"picimg" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"decision" varchar(8) NOT NULL,
	"reason" varchar(32) DEFAULT '' NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monthly_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"package_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parking_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"months" integer NOT NULL,
	"price" bigint NOT NULL,
	"lot_ids" integer[] DEFAULT '{}' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_packages_months_ck" CHECK ("parking_packages"."months" > 0),
	CONSTRAINT "parking_packages_price_ck" CHECK ("parking_packages"."price" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gate_events_event_uq" ON "gate_events" USING btree ("gate_id","event_id");--> statement-breakpoint
CREATE INDEX "gate_events_list_idx" ON "gate_events" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "gate_events_plate_idx" ON "gate_events" USING btree ("lot_id","plate","occurred_at");--> statement-breakpoint
CREATE INDEX "gate_events_entry_idx" ON "gate_events" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "monthly_cards_tenant_idx" ON "monthly_cards" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE INDEX "monthly_cards_vehicle_idx" ON "monthly_cards" USING btree ("vehicle_id","lot_id","end_date");--> statement-breakpoint
CREATE INDEX "parking_packages_tenant_idx" ON "parking_packages" USING btree ("tenant_id","village_id","id");
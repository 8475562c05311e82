CREATE TABLE "access_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"person_name" varchar(32) DEFAULT '' NOT NULL,
	"sex" smallint DEFAULT 1 NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"jctype" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buildings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"units" integer DEFAULT 1 NOT NULL,
	"unit_names" varchar(500) DEFAULT '' NOT NULL,
	"floors" integer DEFAULT 1 NOT NULL,
	"rooms_per_floor" integer DEFAULT 1 NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"bdp_img" text DEFAULT '' NOT NULL,
	"bdper" varchar(32) DEFAULT '' NOT NULL,
	"lonlat" varchar(64) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gate_persons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gate_persons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"personnel_type" smallint DEFAULT 1 NOT NULL,
	"card_type" smallint DEFAULT 1 NOT NULL,
	"idcard" varchar(18) DEFAULT '' NOT NULL,
	"sex" smallint DEFAULT 1 NOT NULL,
	"tel" varchar(20) DEFAULT '' NOT NULL,
	"relationship" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"household_identity" smallint DEFAULT 1 NOT NULL,
	"is_huzhu" smallint DEFAULT 2 NOT NULL,
	"is_livein" smallint DEFAULT 1 NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"dianbiao_num" varchar(50) DEFAULT '' NOT NULL,
	"imgs" text DEFAULT '' NOT NULL,
	"gate_card_id" varchar(50) DEFAULT '' NOT NULL,
	"tags" varchar(255) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "houses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "houses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"unit_name" varchar(20) NOT NULL,
	"floor" integer DEFAULT 1 NOT NULL,
	"name" varchar(20) NOT NULL,
	"area" numeric(10, 2),
	"house_type" smallint DEFAULT 1 NOT NULL,
	"house_state" smallint DEFAULT 3 NOT NULL,
	"use_type" smallint DEFAULT 1 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensitive_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sensitive_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"fields" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"tenant_role_id" integer,
	"section_name" varchar(50) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "geom" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "imgs" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "introduction" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "service_phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "floor_area" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "f_visitor_registration" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "closed" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_persons" ADD CONSTRAINT "gate_persons_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_persons" ADD CONSTRAINT "gate_persons_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_persons" ADD CONSTRAINT "gate_persons_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_tenant_role_id_roles_id_fk" FOREIGN KEY ("tenant_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_records_village_idx" ON "access_records" USING btree ("village_id","created_at");--> statement-breakpoint
CREATE INDEX "buildings_tenant_idx" ON "buildings" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "buildings_village_idx" ON "buildings" USING btree ("village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_village_name_uq" ON "buildings" USING btree ("village_id","name");--> statement-breakpoint
CREATE INDEX "gate_persons_tenant_idx" ON "gate_persons" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "gate_persons_village_idx" ON "gate_persons" USING btree ("village_id","id");--> statement-breakpoint
CREATE INDEX "gate_persons_house_idx" ON "gate_persons" USING btree ("house_id");--> statement-breakpoint
CREATE INDEX "gate_persons_building_idx" ON "gate_persons" USING btree ("building_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_persons_house_idcard_uq" ON "gate_persons" USING btree ("house_id","idcard") WHERE "gate_persons"."idcard" <> '';--> statement-breakpoint
CREATE INDEX "houses_tenant_idx" ON "houses" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "houses_village_idx" ON "houses" USING btree ("village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "houses_building_unit_name_uq" ON "houses" USING btree ("building_id","unit_name","name");--> statement-breakpoint
CREATE INDEX "sensitive_views_person_idx" ON "sensitive_views" USING btree ("tenant_id","person_id");--> statement-breakpoint
CREATE INDEX "sensitive_views_user_idx" ON "sensitive_views" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "workers_tenant_idx" ON "workers" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "workers_village_idx" ON "workers" USING btree ("village_id","id");
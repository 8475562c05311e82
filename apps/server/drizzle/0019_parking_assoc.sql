CREATE TABLE "parking_associations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parking_associations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_long_time" boolean DEFAULT false NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_associations_end_ck" CHECK ("parking_associations"."is_long_time" or "parking_associations"."end_date" is not null)
);
--> statement-breakpoint
CREATE TABLE "parking_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parking_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"association_id" integer,
	"vehicle_id" integer,
	"package_id" integer,
	"months" integer NOT NULL,
	"period_start" date,
	"amount" bigint NOT NULL,
	"bill_id" integer NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_charges_months_ck" CHECK ("parking_charges"."months" > 0)
);
--> statement-breakpoint
ALTER TABLE "parking_associations" ADD CONSTRAINT "parking_associations_space_id_parking_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."parking_spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_associations" ADD CONSTRAINT "parking_associations_person_id_gate_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."gate_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parking_associations_space_idx" ON "parking_associations" USING btree ("space_id","status");--> statement-breakpoint
CREATE INDEX "parking_associations_tenant_idx" ON "parking_associations" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE INDEX "parking_associations_person_idx" ON "parking_associations" USING btree ("person_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_charges_bill_uq" ON "parking_charges" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "parking_charges_assoc_idx" ON "parking_charges" USING btree ("association_id");
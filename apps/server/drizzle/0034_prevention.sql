CREATE TABLE "care_rules" (
	"tenant_id" integer NOT NULL,
	"tag_value" varchar(20) NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"hours" integer DEFAULT 48 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_rules_tenant_id_tag_value_pk" PRIMARY KEY("tenant_id","tag_value")
);
--> statement-breakpoint
CREATE TABLE "prevention_control_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prevention_control_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"health_code" smallint NOT NULL,
	"pass_status" smallint NOT NULL,
	"start_time" date,
	"end_time" date,
	"source" varchar(16) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prevention_controls" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"health_code" smallint DEFAULT 1 NOT NULL,
	"pass_status" smallint DEFAULT 1 NOT NULL,
	"start_time" date,
	"end_time" date,
	"released_at" timestamp with time zone,
	"health_cleared_at" timestamp with time zone,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prevention_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"retention_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prevention_controls" ADD CONSTRAINT "prevention_controls_person_id_gate_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."gate_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prevention_control_history_person_idx" ON "prevention_control_history" USING btree ("tenant_id","person_id","id");--> statement-breakpoint
CREATE INDEX "prevention_controls_tenant_idx" ON "prevention_controls" USING btree ("tenant_id","village_id");--> statement-breakpoint
CREATE INDEX "prevention_controls_end_idx" ON "prevention_controls" USING btree ("end_time") WHERE "prevention_controls"."pass_status" > 1;
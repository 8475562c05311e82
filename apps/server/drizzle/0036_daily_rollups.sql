CREATE TABLE "rollup_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"through" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "village_daily_figures" (
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"day" date NOT NULL,
	"access_in" integer DEFAULT 0 NOT NULL,
	"access_out" integer DEFAULT 0 NOT NULL,
	"access_alerted" integer DEFAULT 0 NOT NULL,
	"car_in" integer DEFAULT 0 NOT NULL,
	"car_out" integer DEFAULT 0 NOT NULL,
	"patrol_tasks" integer DEFAULT 0 NOT NULL,
	"patrol_done" integer DEFAULT 0 NOT NULL,
	"repairs" integer DEFAULT 0 NOT NULL,
	"repairs_done" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "village_daily_figures_village_id_day_pk" PRIMARY KEY("village_id","day")
);
--> statement-breakpoint
CREATE INDEX "village_daily_figures_tenant_idx" ON "village_daily_figures" USING btree ("tenant_id","day");
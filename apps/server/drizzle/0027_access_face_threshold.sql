CREATE TABLE "access_village_settings" (
	"village_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"face_threshold" smallint DEFAULT 80 NOT NULL,
	"updated_by" varchar(50) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

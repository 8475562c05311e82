CREATE TABLE "access_device_faces" (
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"face_id" varchar(64) NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "access_device_faces_tenant_id_device_id_face_id_pk" PRIMARY KEY("tenant_id","device_id","face_id")
);
--> statement-breakpoint
CREATE TABLE "access_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"building_id" integer,
	"unit_name" varchar(20) DEFAULT '' NOT NULL,
	"name" varchar(50) NOT NULL,
	"device_type" smallint DEFAULT 1 NOT NULL,
	"gateno" varchar(64) NOT NULL,
	"model" varchar(50) DEFAULT '' NOT NULL,
	"serial_no" varchar(64) DEFAULT '' NOT NULL,
	"direction" smallint DEFAULT 1 NOT NULL,
	"path" varchar(255) DEFAULT '' NOT NULL,
	"worker" varchar(50) DEFAULT '' NOT NULL,
	"workerphone" varchar(20) DEFAULT '' NOT NULL,
	"jsonparam" text DEFAULT '' NOT NULL,
	"secret" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"last_heartbeat" timestamp with time zone,
	"faces_reported_at" timestamp with time zone,
	"heartbeat_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "event_id" varchar(64);--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "open_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "credential" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "door" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "similarity" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "access_device_faces" ADD CONSTRAINT "access_device_faces_device_id_access_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."access_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_devices_tenant_idx" ON "access_devices" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_devices_gateno_uq" ON "access_devices" USING btree ("tenant_id","gateno");--> statement-breakpoint
CREATE INDEX "access_devices_gateno_idx" ON "access_devices" USING btree ("gateno");--> statement-breakpoint
CREATE INDEX "access_records_tenant_idx" ON "access_records" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_records_event_uq" ON "access_records" USING btree ("tenant_id","device_id","event_id");
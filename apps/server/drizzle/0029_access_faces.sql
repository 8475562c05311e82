CREATE TABLE "access_face_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_face_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"person_kind" smallint DEFAULT 1 NOT NULL,
	"person_id" integer NOT NULL,
	"face_img" text DEFAULT '' NOT NULL,
	"purpose" varchar(100) NOT NULL,
	"consented_by" varchar(32) NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_by_name" varchar(64) DEFAULT '' NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_face_syncs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_face_syncs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"job_id" varchar(64) DEFAULT '' NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"source" varchar(10) DEFAULT 'diff' NOT NULL,
	"page" integer DEFAULT 0 NOT NULL,
	"add_faces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remove_faces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"message" varchar(255) DEFAULT '' NOT NULL,
	"requested_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "access_person_passes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_person_passes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"person_kind" smallint DEFAULT 1 NOT NULL,
	"person_id" integer NOT NULL,
	"qr_version" integer DEFAULT 1 NOT NULL,
	"barred_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_face_syncs" ADD CONSTRAINT "access_face_syncs_device_id_access_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."access_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_face_consents_live_uq" ON "access_face_consents" USING btree ("person_id","person_kind","tenant_id") WHERE "access_face_consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "access_face_syncs_device_idx" ON "access_face_syncs" USING btree ("tenant_id","device_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_person_passes_uq" ON "access_person_passes" USING btree ("person_id","person_kind","tenant_id");
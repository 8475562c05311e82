CREATE TABLE "video_cameras" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_cameras_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"camera_no" varchar(32) NOT NULL,
	"area" varchar(50) DEFAULT '' NOT NULL,
	"location" varchar(255) DEFAULT '' NOT NULL,
	"stream_url" varchar(500) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"title" varchar(50) NOT NULL,
	"village_ids" integer[] NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "video_cameras_tenant_idx" ON "video_cameras" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_cameras_no_uq" ON "video_cameras" USING btree ("tenant_id","camera_no");--> statement-breakpoint
CREATE UNIQUE INDEX "video_shares_token_uq" ON "video_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "video_shares_tenant_idx" ON "video_shares" USING btree ("tenant_id","id");
CREATE TABLE "visitor_qrcodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visitor_qrcodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"qrcode_id" integer,
	"name" varchar(50) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"fklxidx" smallint NOT NULL,
	"avatar" varchar(255) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"pass_start" timestamp with time zone,
	"pass_end" timestamp with time zone,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "visitor_qrcodes_village_idx" ON "visitor_qrcodes" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE INDEX "visitors_tenant_idx" ON "visitors" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE INDEX "visitors_created_idx" ON "visitors" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "visitors_pass_idx" ON "visitors" USING btree ("tenant_id","village_id","status","pass_end");
CREATE TABLE "resident_action_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resident_action_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"action" varchar(20) NOT NULL,
	"target_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resident_login_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resident_login_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" varchar(20) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resident_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resident_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"phone" varchar(20) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"action" varchar(20),
	"target_id" integer,
	"person_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"phone" varchar(20) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"content" varchar(500) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"error" varchar(255) DEFAULT '' NOT NULL,
	"biz_id" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "resident_action_links_token_uq" ON "resident_action_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "resident_login_codes_phone_idx" ON "resident_login_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "resident_login_codes_ip_idx" ON "resident_login_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resident_sessions_token_uq" ON "resident_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sms_messages_tenant_idx" ON "sms_messages" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_phone_idx" ON "sms_messages" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "gate_persons_tel_idx" ON "gate_persons" USING btree ("tel") WHERE "gate_persons"."tel" <> '';
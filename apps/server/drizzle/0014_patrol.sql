CREATE TABLE "patrol_checkins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_checkins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"task_id" integer,
	"point_id" integer NOT NULL,
	"worker_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verdict" smallint NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"corrects_id" integer,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"point_no" varchar(32) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"point_type" smallint DEFAULT 1 NOT NULL,
	"lonlat" varchar(64) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_route_points" (
	"route_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"point_id" integer NOT NULL,
	CONSTRAINT "patrol_route_points_route_id_seq_pk" PRIMARY KEY("route_id","seq")
);
--> statement-breakpoint
CREATE TABLE "patrol_routes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"patrol_time" text DEFAULT '' NOT NULL,
	"staff_ids" text DEFAULT '' NOT NULL,
	"handler" varchar(50) DEFAULT '' NOT NULL,
	"dispatch_type" smallint DEFAULT 1 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"worker_id" integer DEFAULT 0 NOT NULL,
	"staff_ids" text DEFAULT '' NOT NULL,
	"task_date" date NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"points_total" integer DEFAULT 0 NOT NULL,
	"points_done" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"missed_alerted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patrol_checkins" ADD CONSTRAINT "patrol_checkins_task_id_patrol_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."patrol_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_checkins" ADD CONSTRAINT "patrol_checkins_point_id_patrol_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."patrol_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route_points" ADD CONSTRAINT "patrol_route_points_route_id_patrol_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."patrol_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route_points" ADD CONSTRAINT "patrol_route_points_point_id_patrol_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."patrol_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_tasks" ADD CONSTRAINT "patrol_tasks_route_id_patrol_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."patrol_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patrol_checkins_list_idx" ON "patrol_checkins" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "patrol_checkins_task_idx" ON "patrol_checkins" USING btree ("task_id","point_id");--> statement-breakpoint
CREATE INDEX "patrol_points_tenant_idx" ON "patrol_points" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_points_no_uq" ON "patrol_points" USING btree ("tenant_id","point_no");--> statement-breakpoint
CREATE INDEX "patrol_route_points_point_idx" ON "patrol_route_points" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "patrol_routes_tenant_idx" ON "patrol_routes" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_tasks_window_uq" ON "patrol_tasks" USING btree ("route_id","worker_id","window_start");--> statement-breakpoint
CREATE INDEX "patrol_tasks_list_idx" ON "patrol_tasks" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "patrol_tasks_day_idx" ON "patrol_tasks" USING btree ("tenant_id","task_date");--> statement-breakpoint
CREATE INDEX "patrol_tasks_open_idx" ON "patrol_tasks" USING btree ("window_end") WHERE status < 2;
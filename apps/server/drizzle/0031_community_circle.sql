CREATE TABLE "community_post_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_post_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"content" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_post_likes" (
	"post_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_post_likes_post_id_person_id_pk" PRIMARY KEY("post_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "community_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"category_id" integer,
	"name" varchar(32) NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"avatar" varchar(255) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"imgs" text DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"auditmsg" varchar(200) DEFAULT '' NOT NULL,
	"held_words" varchar(200) DEFAULT '' NOT NULL,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_sensitive_words" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_sensitive_words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"word" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advert_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advert_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"advertiser" varchar(50) NOT NULL,
	"contact" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"house_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"months" integer NOT NULL,
	"amount" bigint NOT NULL,
	"bill_id" integer,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advert_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advert_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"category_id" integer,
	"name" varchar(50) NOT NULL,
	"place" varchar(100) DEFAULT '' NOT NULL,
	"size" varchar(50) DEFAULT '' NOT NULL,
	"price" bigint NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(30) NOT NULL,
	"icon" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "h5_village_modules" (
	"tenant_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"module_id" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "h5_village_modules_village_id_module_id_pk" PRIMARY KEY("village_id","module_id")
);
--> statement-breakpoint
ALTER TABLE "community_post_comments" ADD CONSTRAINT "community_post_comments_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_likes" ADD CONSTRAINT "community_post_likes_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advert_bookings" ADD CONSTRAINT "advert_bookings_slot_id_advert_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."advert_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_post_comments_post_idx" ON "community_post_comments" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "community_posts_tenant_idx" ON "community_posts" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE INDEX "community_posts_feed_idx" ON "community_posts" USING btree ("village_id","type","id");--> statement-breakpoint
CREATE INDEX "community_posts_person_idx" ON "community_posts" USING btree ("person_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_sensitive_words_uq" ON "community_sensitive_words" USING btree ("tenant_id","word");--> statement-breakpoint
CREATE INDEX "advert_bookings_slot_idx" ON "advert_bookings" USING btree ("slot_id","end_date");--> statement-breakpoint
CREATE INDEX "advert_bookings_tenant_idx" ON "advert_bookings" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE INDEX "advert_bookings_bill_idx" ON "advert_bookings" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "advert_slots_tenant_idx" ON "advert_slots" USING btree ("tenant_id","village_id","id");--> statement-breakpoint
CREATE INDEX "community_categories_tenant_idx" ON "community_categories" USING btree ("tenant_id","parent_id","sort");--> statement-breakpoint
CREATE INDEX "h5_village_modules_tenant_idx" ON "h5_village_modules" USING btree ("tenant_id");
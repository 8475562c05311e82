ALTER TABLE "repair_categories" ADD COLUMN "parent_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_categories" ADD COLUMN "icon" varchar(255) DEFAULT '' NOT NULL;
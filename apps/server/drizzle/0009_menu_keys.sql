ALTER TABLE "menus" ADD COLUMN "menu_key" varchar(100);--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_menu_key_unique" UNIQUE("menu_key");
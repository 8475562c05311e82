DROP INDEX "users_tenant_idx";--> statement-breakpoint
DROP INDEX "roles_tenant_idx";--> statement-breakpoint
DROP INDEX "depts_tenant_idx";--> statement-breakpoint
DROP INDEX "posts_tenant_idx";--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "roles_tenant_idx" ON "roles" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "depts_tenant_idx" ON "depts" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "posts_tenant_idx" ON "posts" USING btree ("tenant_id","id");
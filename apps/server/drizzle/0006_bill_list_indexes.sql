DROP INDEX "bills_tenant_status_due_idx";--> statement-breakpoint
CREATE INDEX "bills_tenant_status_paid_idx" ON "bills" USING btree ("tenant_id","status","paid_at","id");--> statement-breakpoint
CREATE INDEX "bills_tenant_status_due_idx" ON "bills" USING btree ("tenant_id","status","due_date","id");
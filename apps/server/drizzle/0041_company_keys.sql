-- Company tables keyed by (id, tenant_id), as distribution by company needs: a company's rows, keys and references
-- stay on one node. Foreign keys between company tables carry tenant_id on both sides (a row can only point at a row
-- of its own company); unique indexes include tenant_id. The two tables that hung off a parent take its tenant_id.
-- A reference cleared on delete clears only its own column (SET NULL (col)), never tenant_id.
ALTER TABLE "buildings" DROP CONSTRAINT "buildings_village_id_villages_id_fk";--> statement-breakpoint
ALTER TABLE "gate_persons" DROP CONSTRAINT "gate_persons_village_id_villages_id_fk";--> statement-breakpoint
ALTER TABLE "gate_persons" DROP CONSTRAINT "gate_persons_building_id_buildings_id_fk";--> statement-breakpoint
ALTER TABLE "gate_persons" DROP CONSTRAINT "gate_persons_house_id_houses_id_fk";--> statement-breakpoint
ALTER TABLE "houses" DROP CONSTRAINT "houses_village_id_villages_id_fk";--> statement-breakpoint
ALTER TABLE "houses" DROP CONSTRAINT "houses_building_id_buildings_id_fk";--> statement-breakpoint
ALTER TABLE "workers" DROP CONSTRAINT "workers_village_id_villages_id_fk";--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_fee_item_id_fee_items_id_fk";--> statement-breakpoint
ALTER TABLE "fee_items" DROP CONSTRAINT "fee_items_village_id_villages_id_fk";--> statement-breakpoint
ALTER TABLE "meter_readings" DROP CONSTRAINT "meter_readings_fee_item_id_fee_items_id_fk";--> statement-breakpoint
ALTER TABLE "abnormal_reads" DROP CONSTRAINT "abnormal_reads_alert_id_abnormal_alerts_id_fk";--> statement-breakpoint
ALTER TABLE "patrol_checkins" DROP CONSTRAINT "patrol_checkins_task_id_patrol_tasks_id_fk";--> statement-breakpoint
ALTER TABLE "patrol_checkins" DROP CONSTRAINT "patrol_checkins_point_id_patrol_points_id_fk";--> statement-breakpoint
ALTER TABLE "patrol_route_points" DROP CONSTRAINT "patrol_route_points_route_id_patrol_routes_id_fk";--> statement-breakpoint
ALTER TABLE "patrol_route_points" DROP CONSTRAINT "patrol_route_points_point_id_patrol_points_id_fk";--> statement-breakpoint
ALTER TABLE "patrol_tasks" DROP CONSTRAINT "patrol_tasks_route_id_patrol_routes_id_fk";--> statement-breakpoint
ALTER TABLE "parking_gates" DROP CONSTRAINT "parking_gates_lot_id_parking_lots_id_fk";--> statement-breakpoint
ALTER TABLE "parking_spaces" DROP CONSTRAINT "parking_spaces_lot_id_parking_lots_id_fk";--> statement-breakpoint
ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_person_id_gate_persons_id_fk";--> statement-breakpoint
ALTER TABLE "parking_associations" DROP CONSTRAINT "parking_associations_space_id_parking_spaces_id_fk";--> statement-breakpoint
ALTER TABLE "parking_associations" DROP CONSTRAINT "parking_associations_person_id_gate_persons_id_fk";--> statement-breakpoint
ALTER TABLE "access_device_faces" DROP CONSTRAINT "access_device_faces_device_id_access_devices_id_fk";--> statement-breakpoint
ALTER TABLE "access_face_syncs" DROP CONSTRAINT "access_face_syncs_device_id_access_devices_id_fk";--> statement-breakpoint
ALTER TABLE "community_post_comments" DROP CONSTRAINT "community_post_comments_post_id_community_posts_id_fk";--> statement-breakpoint
ALTER TABLE "community_post_likes" DROP CONSTRAINT "community_post_likes_post_id_community_posts_id_fk";--> statement-breakpoint
ALTER TABLE "advert_bookings" DROP CONSTRAINT "advert_bookings_slot_id_advert_slots_id_fk";--> statement-breakpoint
ALTER TABLE "prevention_controls" DROP CONSTRAINT "prevention_controls_person_id_gate_persons_id_fk";--> statement-breakpoint
ALTER TABLE "abnormal_reads" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
UPDATE "abnormal_reads" r SET "tenant_id" = a."tenant_id" FROM "abnormal_alerts" a WHERE a."id" = r."alert_id";--> statement-breakpoint
ALTER TABLE "abnormal_reads" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "patrol_route_points" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
UPDATE "patrol_route_points" p SET "tenant_id" = r."tenant_id" FROM "patrol_routes" r WHERE r."id" = p."route_id";--> statement-breakpoint
ALTER TABLE "patrol_route_points" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX "paid_services_village_name_uq";--> statement-breakpoint
DROP INDEX "repair_orders_event_uq";--> statement-breakpoint
DROP INDEX "repair_orders_alert_uq";--> statement-breakpoint
DROP INDEX "buildings_village_name_uq";--> statement-breakpoint
DROP INDEX "gate_persons_house_idcard_uq";--> statement-breakpoint
DROP INDEX "houses_building_unit_name_uq";--> statement-breakpoint
DROP INDEX "bills_house_item_period_uq";--> statement-breakpoint
DROP INDEX "fee_items_village_name_uq";--> statement-breakpoint
DROP INDEX "meter_readings_uq";--> statement-breakpoint
DROP INDEX "pay_orders_out_trade_no_uq";--> statement-breakpoint
DROP INDEX "payments_pay_order_uq";--> statement-breakpoint
DROP INDEX "refund_due_trade_uq";--> statement-breakpoint
DROP INDEX "service_orders_out_trade_no_uq";--> statement-breakpoint
DROP INDEX "abnormal_alerts_source_uq";--> statement-breakpoint
DROP INDEX "abnormal_reads_alert_user_uq";--> statement-breakpoint
DROP INDEX "patrol_tasks_window_uq";--> statement-breakpoint
DROP INDEX "parking_spaces_no_uq";--> statement-breakpoint
DROP INDEX "gate_events_event_uq";--> statement-breakpoint
DROP INDEX "parking_charges_bill_uq";--> statement-breakpoint
DROP INDEX "video_shares_token_uq";--> statement-breakpoint
DROP INDEX "questionnaire_answers_uq";--> statement-breakpoint
DROP INDEX "vote_ballots_current_uq";--> statement-breakpoint
DROP INDEX "vote_proxies_owner_uq";--> statement-breakpoint
DROP INDEX "resident_action_links_token_uq";--> statement-breakpoint
DROP INDEX "resident_sessions_token_uq";--> statement-breakpoint
ALTER TABLE "patrol_route_points" DROP CONSTRAINT "patrol_route_points_route_id_seq_pk";--> statement-breakpoint
ALTER TABLE "vote_roll" DROP CONSTRAINT "vote_roll_vote_id_house_id_pk";--> statement-breakpoint
ALTER TABLE "community_post_likes" DROP CONSTRAINT "community_post_likes_post_id_person_id_pk";--> statement-breakpoint
ALTER TABLE "h5_village_modules" DROP CONSTRAINT "h5_village_modules_village_id_module_id_pk";--> statement-breakpoint
ALTER TABLE "village_daily_figures" DROP CONSTRAINT "village_daily_figures_village_id_day_pk";--> statement-breakpoint
ALTER TABLE "abnormal_alerts" DROP CONSTRAINT "abnormal_alerts_pkey";--> statement-breakpoint
ALTER TABLE "abnormal_reads" DROP CONSTRAINT "abnormal_reads_pkey";--> statement-breakpoint
ALTER TABLE "access_devices" DROP CONSTRAINT "access_devices_pkey";--> statement-breakpoint
ALTER TABLE "access_face_consents" DROP CONSTRAINT "access_face_consents_pkey";--> statement-breakpoint
ALTER TABLE "access_face_syncs" DROP CONSTRAINT "access_face_syncs_pkey";--> statement-breakpoint
ALTER TABLE "access_person_passes" DROP CONSTRAINT "access_person_passes_pkey";--> statement-breakpoint
ALTER TABLE "access_records" DROP CONSTRAINT "access_records_pkey";--> statement-breakpoint
ALTER TABLE "access_village_settings" DROP CONSTRAINT "access_village_settings_pkey";--> statement-breakpoint
ALTER TABLE "advert_bookings" DROP CONSTRAINT "advert_bookings_pkey";--> statement-breakpoint
ALTER TABLE "advert_slots" DROP CONSTRAINT "advert_slots_pkey";--> statement-breakpoint
ALTER TABLE "balance_ledger" DROP CONSTRAINT "balance_ledger_pkey";--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_pkey";--> statement-breakpoint
ALTER TABLE "buildings" DROP CONSTRAINT "buildings_pkey";--> statement-breakpoint
ALTER TABLE "community_categories" DROP CONSTRAINT "community_categories_pkey";--> statement-breakpoint
ALTER TABLE "community_post_comments" DROP CONSTRAINT "community_post_comments_pkey";--> statement-breakpoint
ALTER TABLE "community_posts" DROP CONSTRAINT "community_posts_pkey";--> statement-breakpoint
ALTER TABLE "community_sensitive_words" DROP CONSTRAINT "community_sensitive_words_pkey";--> statement-breakpoint
ALTER TABLE "fee_items" DROP CONSTRAINT "fee_items_pkey";--> statement-breakpoint
ALTER TABLE "gate_events" DROP CONSTRAINT "gate_events_pkey";--> statement-breakpoint
ALTER TABLE "gate_persons" DROP CONSTRAINT "gate_persons_pkey";--> statement-breakpoint
ALTER TABLE "houses" DROP CONSTRAINT "houses_pkey";--> statement-breakpoint
ALTER TABLE "meter_readings" DROP CONSTRAINT "meter_readings_pkey";--> statement-breakpoint
ALTER TABLE "monthly_cards" DROP CONSTRAINT "monthly_cards_pkey";--> statement-breakpoint
ALTER TABLE "paid_services" DROP CONSTRAINT "paid_services_pkey";--> statement-breakpoint
ALTER TABLE "parking_associations" DROP CONSTRAINT "parking_associations_pkey";--> statement-breakpoint
ALTER TABLE "parking_charges" DROP CONSTRAINT "parking_charges_pkey";--> statement-breakpoint
ALTER TABLE "parking_gates" DROP CONSTRAINT "parking_gates_pkey";--> statement-breakpoint
ALTER TABLE "parking_lots" DROP CONSTRAINT "parking_lots_pkey";--> statement-breakpoint
ALTER TABLE "parking_packages" DROP CONSTRAINT "parking_packages_pkey";--> statement-breakpoint
ALTER TABLE "parking_spaces" DROP CONSTRAINT "parking_spaces_pkey";--> statement-breakpoint
ALTER TABLE "parking_temp_orders" DROP CONSTRAINT "parking_temp_orders_pkey";--> statement-breakpoint
ALTER TABLE "patrol_checkins" DROP CONSTRAINT "patrol_checkins_pkey";--> statement-breakpoint
ALTER TABLE "patrol_points" DROP CONSTRAINT "patrol_points_pkey";--> statement-breakpoint
ALTER TABLE "patrol_routes" DROP CONSTRAINT "patrol_routes_pkey";--> statement-breakpoint
ALTER TABLE "patrol_tasks" DROP CONSTRAINT "patrol_tasks_pkey";--> statement-breakpoint
ALTER TABLE "pay_orders" DROP CONSTRAINT "pay_orders_pkey";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey";--> statement-breakpoint
ALTER TABLE "prevention_control_history" DROP CONSTRAINT "prevention_control_history_pkey";--> statement-breakpoint
ALTER TABLE "prevention_controls" DROP CONSTRAINT "prevention_controls_pkey";--> statement-breakpoint
ALTER TABLE "questionnaire_answers" DROP CONSTRAINT "questionnaire_answers_pkey";--> statement-breakpoint
ALTER TABLE "questionnaire_options" DROP CONSTRAINT "questionnaire_options_pkey";--> statement-breakpoint
ALTER TABLE "questionnaire_questions" DROP CONSTRAINT "questionnaire_questions_pkey";--> statement-breakpoint
ALTER TABLE "questionnaires" DROP CONSTRAINT "questionnaires_pkey";--> statement-breakpoint
ALTER TABLE "receipt_prints" DROP CONSTRAINT "receipt_prints_pkey";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_pkey";--> statement-breakpoint
ALTER TABLE "refund_due" DROP CONSTRAINT "refund_due_pkey";--> statement-breakpoint
ALTER TABLE "repair_categories" DROP CONSTRAINT "repair_categories_pkey";--> statement-breakpoint
ALTER TABLE "repair_orders" DROP CONSTRAINT "repair_orders_pkey";--> statement-breakpoint
ALTER TABLE "repair_timeline" DROP CONSTRAINT "repair_timeline_pkey";--> statement-breakpoint
ALTER TABLE "report_things" DROP CONSTRAINT "report_things_pkey";--> statement-breakpoint
ALTER TABLE "resident_action_links" DROP CONSTRAINT "resident_action_links_pkey";--> statement-breakpoint
ALTER TABLE "resident_sessions" DROP CONSTRAINT "resident_sessions_pkey";--> statement-breakpoint
ALTER TABLE "sensitive_views" DROP CONSTRAINT "sensitive_views_pkey";--> statement-breakpoint
ALTER TABLE "service_orders" DROP CONSTRAINT "service_orders_pkey";--> statement-breakpoint
ALTER TABLE "tenant_services" DROP CONSTRAINT "tenant_services_pkey";--> statement-breakpoint
ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_pkey";--> statement-breakpoint
ALTER TABLE "video_cameras" DROP CONSTRAINT "video_cameras_pkey";--> statement-breakpoint
ALTER TABLE "video_shares" DROP CONSTRAINT "video_shares_pkey";--> statement-breakpoint
ALTER TABLE "villages" DROP CONSTRAINT "villages_pkey";--> statement-breakpoint
ALTER TABLE "visitor_qrcodes" DROP CONSTRAINT "visitor_qrcodes_pkey";--> statement-breakpoint
ALTER TABLE "visitors" DROP CONSTRAINT "visitors_pkey";--> statement-breakpoint
ALTER TABLE "vote_ballots" DROP CONSTRAINT "vote_ballots_pkey";--> statement-breakpoint
ALTER TABLE "vote_options" DROP CONSTRAINT "vote_options_pkey";--> statement-breakpoint
ALTER TABLE "vote_proxies" DROP CONSTRAINT "vote_proxies_pkey";--> statement-breakpoint
ALTER TABLE "votes" DROP CONSTRAINT "votes_pkey";--> statement-breakpoint
ALTER TABLE "workers" DROP CONSTRAINT "workers_pkey";--> statement-breakpoint
ALTER TABLE "villages" ADD CONSTRAINT "villages_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "paid_services" ADD CONSTRAINT "paid_services_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "repair_categories" ADD CONSTRAINT "repair_categories_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "repair_timeline" ADD CONSTRAINT "repair_timeline_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "report_things" ADD CONSTRAINT "report_things_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "access_records" ADD CONSTRAINT "access_records_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "gate_persons" ADD CONSTRAINT "gate_persons_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "sensitive_views" ADD CONSTRAINT "sensitive_views_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "refund_due" ADD CONSTRAINT "refund_due_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "tenant_services" ADD CONSTRAINT "tenant_services_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "receipt_prints" ADD CONSTRAINT "receipt_prints_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "abnormal_alerts" ADD CONSTRAINT "abnormal_alerts_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "abnormal_reads" ADD CONSTRAINT "abnormal_reads_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "patrol_checkins" ADD CONSTRAINT "patrol_checkins_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "patrol_points" ADD CONSTRAINT "patrol_points_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "patrol_route_points" ADD CONSTRAINT "patrol_route_points_route_id_seq_tenant_id_pk" PRIMARY KEY("route_id","seq","tenant_id");--> statement-breakpoint
ALTER TABLE "patrol_routes" ADD CONSTRAINT "patrol_routes_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "patrol_tasks" ADD CONSTRAINT "patrol_tasks_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "parking_gates" ADD CONSTRAINT "parking_gates_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "parking_lots" ADD CONSTRAINT "parking_lots_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "gate_events" ADD CONSTRAINT "gate_events_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "monthly_cards" ADD CONSTRAINT "monthly_cards_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "parking_packages" ADD CONSTRAINT "parking_packages_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "parking_temp_orders" ADD CONSTRAINT "parking_temp_orders_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "parking_associations" ADD CONSTRAINT "parking_associations_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "parking_charges" ADD CONSTRAINT "parking_charges_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "access_devices" ADD CONSTRAINT "access_devices_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "access_village_settings" ADD CONSTRAINT "access_village_settings_village_id_tenant_id_pk" PRIMARY KEY("village_id","tenant_id");--> statement-breakpoint
ALTER TABLE "access_face_consents" ADD CONSTRAINT "access_face_consents_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "access_face_syncs" ADD CONSTRAINT "access_face_syncs_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "access_person_passes" ADD CONSTRAINT "access_person_passes_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "video_cameras" ADD CONSTRAINT "video_cameras_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "video_shares" ADD CONSTRAINT "video_shares_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "visitor_qrcodes" ADD CONSTRAINT "visitor_qrcodes_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "questionnaire_options" ADD CONSTRAINT "questionnaire_options_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "vote_ballots" ADD CONSTRAINT "vote_ballots_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "vote_options" ADD CONSTRAINT "vote_options_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "vote_proxies" ADD CONSTRAINT "vote_proxies_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "vote_roll" ADD CONSTRAINT "vote_roll_vote_id_house_id_tenant_id_pk" PRIMARY KEY("vote_id","house_id","tenant_id");--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "community_post_comments" ADD CONSTRAINT "community_post_comments_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "community_post_likes" ADD CONSTRAINT "community_post_likes_post_id_person_id_tenant_id_pk" PRIMARY KEY("post_id","person_id","tenant_id");--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "community_sensitive_words" ADD CONSTRAINT "community_sensitive_words_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "advert_bookings" ADD CONSTRAINT "advert_bookings_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "advert_slots" ADD CONSTRAINT "advert_slots_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "community_categories" ADD CONSTRAINT "community_categories_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "h5_village_modules" ADD CONSTRAINT "h5_village_modules_village_id_module_id_tenant_id_pk" PRIMARY KEY("village_id","module_id","tenant_id");--> statement-breakpoint
ALTER TABLE "resident_action_links" ADD CONSTRAINT "resident_action_links_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "resident_sessions" ADD CONSTRAINT "resident_sessions_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "prevention_control_history" ADD CONSTRAINT "prevention_control_history_id_tenant_id_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "prevention_controls" ADD CONSTRAINT "prevention_controls_person_id_tenant_id_pk" PRIMARY KEY("person_id","tenant_id");--> statement-breakpoint
ALTER TABLE "village_daily_figures" ADD CONSTRAINT "village_daily_figures_village_id_day_tenant_id_pk" PRIMARY KEY("village_id","day","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paid_services_village_name_uq" ON "paid_services" USING btree ("village_id","name","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_orders_event_uq" ON "repair_orders" USING btree ("event_id","tenant_id") WHERE "repair_orders"."event_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "repair_orders_alert_uq" ON "repair_orders" USING btree ("alert_id","tenant_id") WHERE "repair_orders"."alert_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_village_name_uq" ON "buildings" USING btree ("village_id","name","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_persons_house_idcard_uq" ON "gate_persons" USING btree ("house_id","idcard","tenant_id") WHERE "gate_persons"."idcard" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "houses_building_unit_name_uq" ON "houses" USING btree ("building_id","unit_name","name","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_house_item_period_uq" ON "bills" USING btree ("house_id","fee_item_id","period_start","work_order_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_items_village_name_uq" ON "fee_items" USING btree ("village_id","name","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_readings_uq" ON "meter_readings" USING btree ("house_id","fee_item_id","month","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_out_trade_no_uq" ON "pay_orders" USING btree ("out_trade_no","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pay_order_uq" ON "payments" USING btree ("pay_order_id","tenant_id") WHERE "payments"."pay_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_due_trade_uq" ON "refund_due" USING btree ("out_trade_no","transaction_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_out_trade_no_uq" ON "service_orders" USING btree ("out_trade_no","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_alerts_source_uq" ON "abnormal_alerts" USING btree ("source","source_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_reads_alert_user_uq" ON "abnormal_reads" USING btree ("alert_id","user_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_tasks_window_uq" ON "patrol_tasks" USING btree ("route_id","worker_id","window_start","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_spaces_no_uq" ON "parking_spaces" USING btree ("lot_id","space_no","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_events_event_uq" ON "gate_events" USING btree ("gate_id","event_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_charges_bill_uq" ON "parking_charges" USING btree ("bill_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_shares_token_uq" ON "video_shares" USING btree ("token_hash","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_answers_uq" ON "questionnaire_answers" USING btree ("questionnaire_id","resident_id","question_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_ballots_current_uq" ON "vote_ballots" USING btree ("vote_id","voter_key","tenant_id") WHERE "vote_ballots"."superseded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vote_proxies_owner_uq" ON "vote_proxies" USING btree ("vote_id","owner_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resident_action_links_token_uq" ON "resident_action_links" USING btree ("token_hash","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resident_sessions_token_uq" ON "resident_sessions" USING btree ("token_hash","tenant_id");--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_village_fk" FOREIGN KEY ("village_id","tenant_id") REFERENCES "public"."villages"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_persons" ADD CONSTRAINT "gate_persons_village_fk" FOREIGN KEY ("village_id","tenant_id") REFERENCES "public"."villages"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_persons" ADD CONSTRAINT "gate_persons_building_fk" FOREIGN KEY ("building_id","tenant_id") REFERENCES "public"."buildings"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_persons" ADD CONSTRAINT "gate_persons_house_fk" FOREIGN KEY ("house_id","tenant_id") REFERENCES "public"."houses"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_village_fk" FOREIGN KEY ("village_id","tenant_id") REFERENCES "public"."villages"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_building_fk" FOREIGN KEY ("building_id","tenant_id") REFERENCES "public"."buildings"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_village_fk" FOREIGN KEY ("village_id","tenant_id") REFERENCES "public"."villages"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_fee_item_fk" FOREIGN KEY ("fee_item_id","tenant_id") REFERENCES "public"."fee_items"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_village_fk" FOREIGN KEY ("village_id","tenant_id") REFERENCES "public"."villages"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_fee_item_fk" FOREIGN KEY ("fee_item_id","tenant_id") REFERENCES "public"."fee_items"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_reads" ADD CONSTRAINT "abnormal_reads_alert_fk" FOREIGN KEY ("alert_id","tenant_id") REFERENCES "public"."abnormal_alerts"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_checkins" ADD CONSTRAINT "patrol_checkins_point_fk" FOREIGN KEY ("point_id","tenant_id") REFERENCES "public"."patrol_points"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route_points" ADD CONSTRAINT "patrol_route_points_route_fk" FOREIGN KEY ("route_id","tenant_id") REFERENCES "public"."patrol_routes"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route_points" ADD CONSTRAINT "patrol_route_points_point_fk" FOREIGN KEY ("point_id","tenant_id") REFERENCES "public"."patrol_points"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_tasks" ADD CONSTRAINT "patrol_tasks_route_fk" FOREIGN KEY ("route_id","tenant_id") REFERENCES "public"."patrol_routes"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_gates" ADD CONSTRAINT "parking_gates_lot_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "public"."parking_lots"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_lot_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "public"."parking_lots"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_associations" ADD CONSTRAINT "parking_associations_space_fk" FOREIGN KEY ("space_id","tenant_id") REFERENCES "public"."parking_spaces"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_associations" ADD CONSTRAINT "parking_associations_person_fk" FOREIGN KEY ("person_id","tenant_id") REFERENCES "public"."gate_persons"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_device_faces" ADD CONSTRAINT "access_device_faces_device_fk" FOREIGN KEY ("device_id","tenant_id") REFERENCES "public"."access_devices"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_face_syncs" ADD CONSTRAINT "access_face_syncs_device_fk" FOREIGN KEY ("device_id","tenant_id") REFERENCES "public"."access_devices"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_comments" ADD CONSTRAINT "community_post_comments_post_fk" FOREIGN KEY ("post_id","tenant_id") REFERENCES "public"."community_posts"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_likes" ADD CONSTRAINT "community_post_likes_post_fk" FOREIGN KEY ("post_id","tenant_id") REFERENCES "public"."community_posts"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advert_bookings" ADD CONSTRAINT "advert_bookings_slot_fk" FOREIGN KEY ("slot_id","tenant_id") REFERENCES "public"."advert_slots"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prevention_controls" ADD CONSTRAINT "prevention_controls_person_fk" FOREIGN KEY ("person_id","tenant_id") REFERENCES "public"."gate_persons"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_person_fk" FOREIGN KEY ("person_id","tenant_id") REFERENCES "public"."gate_persons"("id","tenant_id") ON DELETE SET NULL ("person_id");--> statement-breakpoint
ALTER TABLE "patrol_checkins" ADD CONSTRAINT "patrol_checkins_task_fk" FOREIGN KEY ("task_id","tenant_id") REFERENCES "public"."patrol_tasks"("id","tenant_id") ON DELETE SET NULL ("task_id");

CREATE SEQUENCE "public"."sync_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"age_category" text NOT NULL,
	"relationship" text,
	"relationship_other" text,
	"age" integer,
	"gender" text,
	"dietary_restrictions" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT nextval('sync_version_seq') NOT NULL,
	CONSTRAINT "attendees_age_category_check" CHECK ("attendees"."age_category" in ('adult', 'youth', 'child')),
	CONSTRAINT "attendees_age_check" CHECK ("attendees"."age" is null or ("attendees"."age" >= 0 and "attendees"."age" <= 120))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_operations" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cultural_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"attendee_id" integer NOT NULL,
	"program_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_info_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"sent_to" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "flight_info_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"flight_type" text NOT NULL,
	"airline" text NOT NULL,
	"flight_number" text NOT NULL,
	"flight_date" date,
	"flight_time" time,
	"adults_count" integer DEFAULT 1 NOT NULL,
	"children_count" integer DEFAULT 0 NOT NULL,
	"child_seats_needed" integer DEFAULT 0 NOT NULL,
	"needs_transportation" boolean DEFAULT true NOT NULL,
	"special_instructions" text,
	"picked_up" boolean DEFAULT false NOT NULL,
	"picked_up_at" timestamp with time zone,
	"picked_up_by" text,
	"picked_up_by_user_id" integer,
	"pickup_device" text,
	"pickup_tap_at" timestamp with time zone,
	"pickup_received_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT nextval('sync_version_seq') NOT NULL,
	CONSTRAINT "flights_type_check" CHECK ("flights"."flight_type" in ('arrival', 'departure')),
	CONSTRAINT "flights_counts_check" CHECK ("flights"."adults_count" >= 0 and "flights"."children_count" >= 0 and "flights"."child_seats_needed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hotel_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_name" text NOT NULL,
	"confirmation_number" text NOT NULL,
	"room_type" text,
	"room_number" text,
	"check_in_date" date,
	"check_out_date" date,
	"nights" integer,
	"vip_status" text,
	"notes" text,
	"registration_id" integer,
	"matched_at" timestamp with time zone,
	"matched_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT nextval('sync_version_seq') NOT NULL,
	CONSTRAINT "hotel_assignments_nights_check" CHECK ("hotel_assignments"."nights" is null or "hotel_assignments"."nights" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrant_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"registration_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "registrant_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_number" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"primary_email" text NOT NULL,
	"primary_phone" text NOT NULL,
	"primary_first_name" text NOT NULL,
	"primary_last_name" text NOT NULL,
	"primary_age_category" text DEFAULT 'adult' NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"country" text DEFAULT 'USA' NOT NULL,
	"special_requests" text,
	"dietary_restrictions" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"notes" text,
	"base_amount_cents" integer DEFAULT 0 NOT NULL,
	"late_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_amount_cents" integer DEFAULT 0 NOT NULL,
	"paid_amount_cents" integer DEFAULT 0 NOT NULL,
	"waive_fees" boolean DEFAULT false NOT NULL,
	"discount_percentage" numeric(5, 2) DEFAULT 0 NOT NULL,
	"fixed_discount_cents" integer DEFAULT 0 NOT NULL,
	"late_fee_applied" boolean DEFAULT false NOT NULL,
	"remove_late_fee" boolean DEFAULT false NOT NULL,
	"needs_transportation" boolean DEFAULT true NOT NULL,
	"hotel_confirmation_number" text,
	"hotel_room_number" text,
	"hotel_room_type" text,
	"hotel_check_in_date" date,
	"hotel_check_out_date" date,
	"hotel_nights" integer,
	"hotel_guest_name" text,
	"hotel_notes" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"flight_info_requested_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT nextval('sync_version_seq') NOT NULL,
	CONSTRAINT "registrations_registration_number_unique" UNIQUE("registration_number"),
	CONSTRAINT "registrations_status_check" CHECK ("registrations"."status" in ('active', 'pending', 'cancelled', 'waitlist')),
	CONSTRAINT "registrations_payment_status_check" CHECK ("registrations"."payment_status" in ('paid', 'partial', 'pending', 'refunded', 'completed')),
	CONSTRAINT "registrations_pct_check" CHECK ("registrations"."discount_percentage" >= 0 and "registrations"."discount_percentage" <= 100),
	CONSTRAINT "registrations_fixed_check" CHECK ("registrations"."fixed_discount_cents" >= 0),
	CONSTRAINT "registrations_amounts_check" CHECK ("registrations"."base_amount_cents" >= 0 and "registrations"."total_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'greeter'))
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone,
	CONSTRAINT "verification_codes_purpose_check" CHECK ("verification_codes"."purpose" in ('registration', 'flight-info'))
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_operations" ADD CONSTRAINT "client_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cultural_programs" ADD CONSTRAINT "cultural_programs_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_info_requests" ADD CONSTRAINT "flight_info_requests_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_info_requests" ADD CONSTRAINT "flight_info_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_picked_up_by_user_id_users_id_fk" FOREIGN KEY ("picked_up_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_assignments" ADD CONSTRAINT "hotel_assignments_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_assignments" ADD CONSTRAINT "hotel_assignments_matched_by_users_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_assignments" ADD CONSTRAINT "hotel_assignments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrant_tokens" ADD CONSTRAINT "registrant_tokens_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendees_registration_idx" ON "attendees" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "client_operations_created_idx" ON "client_operations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cultural_programs_attendee_idx" ON "cultural_programs" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "flight_info_requests_registration_idx" ON "flight_info_requests" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "flights_registration_idx" ON "flights" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "flights_type_date_idx" ON "flights" USING btree ("flight_type","flight_date","flight_time");--> statement-breakpoint
CREATE INDEX "flights_version_idx" ON "flights" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_assignments_confirmation_idx" ON "hotel_assignments" USING btree ("confirmation_number") WHERE "hotel_assignments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "hotel_assignments_registration_idx" ON "hotel_assignments" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "hotel_assignments_version_idx" ON "hotel_assignments" USING btree ("version");--> statement-breakpoint
CREATE INDEX "payments_registration_idx" ON "payments" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "registrations_email_lower_idx" ON "registrations" USING btree (lower("primary_email"));--> statement-breakpoint
CREATE INDEX "registrations_created_idx" ON "registrations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "registrations_version_idx" ON "registrations" USING btree ("version");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "verification_codes_email_idx" ON "verification_codes" USING btree ("email","purpose");
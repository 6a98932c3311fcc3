ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "checked_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "checked_in_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "check_in_device" text;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "check_in_tap_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "check_in_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_checked_in_by_user_id_users_id_fk" FOREIGN KEY ("checked_in_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'greeter', 'checkin'));
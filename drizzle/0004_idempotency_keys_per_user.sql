-- an Idempotency-Key is unique per user, not across users: one user's key never answers another's request
ALTER TABLE "client_operations" DROP CONSTRAINT "client_operations_pkey";--> statement-breakpoint
ALTER TABLE "client_operations" ADD COLUMN "id" bigserial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "client_operations" ADD CONSTRAINT "client_operations_user_key_unique" UNIQUE NULLS NOT DISTINCT("user_id","key");

ALTER TABLE "flights" ADD COLUMN "airport" text;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "airport_name" text;
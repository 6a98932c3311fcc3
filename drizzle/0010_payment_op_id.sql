ALTER TABLE "payments" ADD COLUMN "op_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_op_id_unique" ON "payments" USING btree ("op_id");
DROP INDEX "customer_messages_event_idx";--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_refund_event_idx" ON "customer_messages" USING btree ("refund_id","event","channel") WHERE "customer_messages"."refund_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_event_idx" ON "customer_messages" USING btree ("order_id","event","channel") WHERE "customer_messages"."refund_id" IS NULL;
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approval_by_users_id_fk" FOREIGN KEY ("approval_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status IN ('awaiting_approval', 'pending', 'assigned', 'picked_up', 'delivered', 'cancelled'));
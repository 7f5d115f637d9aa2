ALTER TABLE "cash_handovers" DROP CONSTRAINT "cash_handovers_amount_check";--> statement-breakpoint
ALTER TABLE "delivery_riders" ADD COLUMN "approval" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "outlet_employees" ADD COLUMN "deactivated_by" text;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD COLUMN "reverses_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_reverses_id_cash_handovers_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."cash_handovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_handovers_reverses_idx" ON "cash_handovers" USING btree ("reverses_id");--> statement-breakpoint
ALTER TABLE "delivery_riders" ADD CONSTRAINT "delivery_riders_approval_check" CHECK (approval IN ('pending', 'approved', 'declined'));--> statement-breakpoint
ALTER TABLE "delivery_riders" ADD CONSTRAINT "delivery_riders_active_approved_check" CHECK (NOT "delivery_riders"."is_active" OR "delivery_riders"."approval" = 'approved');--> statement-breakpoint
ALTER TABLE "outlet_employees" ADD CONSTRAINT "outlet_employees_deactivated_by_check" CHECK ("outlet_employees"."deactivated_by" IS NULL OR "outlet_employees"."deactivated_by" IN ('admin', 'manager'));--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_amount_check" CHECK (("cash_handovers"."reverses_id" IS NULL AND "cash_handovers"."amount" > 0) OR ("cash_handovers"."reverses_id" IS NOT NULL AND "cash_handovers"."amount" < 0 AND "cash_handovers"."reason" IS NOT NULL));
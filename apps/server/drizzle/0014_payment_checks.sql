CREATE TABLE "payment_checks" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone,
	"provider_status" text,
	"provider_amount" integer,
	"provider_currency" text,
	"our_status" text,
	"difference" text,
	"difference_since" timestamp with time zone,
	"confirmed" boolean DEFAULT false NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_checks" ADD CONSTRAINT "payment_checks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_checks_difference_idx" ON "payment_checks" USING btree ("difference_since") WHERE "payment_checks"."difference" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_completed_idx" ON "payments" USING btree ("completed_at");--> statement-breakpoint
-- Payments completed before this column: the first answer that said COMPLETED, else the last change.
UPDATE "payments" p SET "completed_at" = coalesce(
  (SELECT min((a->>'at')::timestamptz) FROM jsonb_array_elements(p."provider_responses") a
    WHERE a->'body'->>'status_code' = '1' AND a->>'at' IS NOT NULL),
  p."updated_at")
WHERE p."status" IN ('completed', 'reversed');

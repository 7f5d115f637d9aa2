CREATE TABLE "trade_credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"account_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"vat_amount" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "trade_credit_notes_amount_check" CHECK ("trade_credit_notes"."amount" > 0 AND "trade_credit_notes"."vat_amount" >= 0 AND "trade_credit_notes"."vat_amount" <= "trade_credit_notes"."amount")
);
--> statement-breakpoint
CREATE TABLE "trade_invoice_payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"merchant_reference" text NOT NULL,
	"order_tracking_id" text,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_description" text,
	"payment_id" uuid,
	"provider_responses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_invoice_payment_attempts_merchant_reference_unique" UNIQUE("merchant_reference"),
	CONSTRAINT "trade_invoice_payment_attempts_order_tracking_id_unique" UNIQUE("order_tracking_id"),
	CONSTRAINT "trade_invoice_payment_attempts_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "trade_invoice_payment_attempts_status_check" CHECK (status IN ('pending', 'completed', 'failed')),
	CONSTRAINT "trade_invoice_payment_attempts_amount_check" CHECK ("trade_invoice_payment_attempts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "trade_payments" DROP CONSTRAINT "trade_payments_method_check";--> statement-breakpoint
ALTER TABLE "trade_payments" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "trade_credit_notes" ADD CONSTRAINT "trade_credit_notes_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_credit_notes" ADD CONSTRAINT "trade_credit_notes_invoice_id_trade_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."trade_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_credit_notes" ADD CONSTRAINT "trade_credit_notes_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoice_payment_attempts" ADD CONSTRAINT "trade_invoice_payment_attempts_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoice_payment_attempts" ADD CONSTRAINT "trade_invoice_payment_attempts_invoice_id_trade_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."trade_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoice_payment_attempts" ADD CONSTRAINT "trade_invoice_payment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoice_payment_attempts" ADD CONSTRAINT "trade_invoice_payment_attempts_payment_id_trade_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."trade_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_credit_notes_invoice_idx" ON "trade_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "trade_credit_notes_account_idx" ON "trade_credit_notes" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE INDEX "trade_invoice_payment_attempts_invoice_idx" ON "trade_invoice_payment_attempts" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "trade_payments" ADD CONSTRAINT "trade_payments_provider_reference_unique" UNIQUE("provider_reference");--> statement-breakpoint
ALTER TABLE "trade_payments" ADD CONSTRAINT "trade_payments_method_check" CHECK (method IN ('bank', 'mobile_money', 'cash', 'online'));
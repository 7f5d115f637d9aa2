ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_check";--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "terms_days" integer;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "credit_limit" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK (payment_status IN ('pending', 'paid', 'failed', 'partially_refunded', 'refunded', 'on_account'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK (payment_method IN ('mtn_money', 'airtel_money', 'card', 'cash_on_delivery', 'on_account'));--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_terms_check" CHECK ("trade_accounts"."terms_days" IS NULL OR "trade_accounts"."terms_days" IN (7, 14, 30));--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_credit_check" CHECK (("trade_accounts"."terms_days" IS NULL) = ("trade_accounts"."credit_limit" IS NULL) AND ("trade_accounts"."credit_limit" IS NULL OR "trade_accounts"."credit_limit" > 0));
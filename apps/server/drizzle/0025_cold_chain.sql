CREATE TABLE "cold_chain_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"level" text NOT NULL,
	"minutes_out" integer NOT NULL,
	"limit_minutes" integer NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cold_chain_alerts_level_check" CHECK (level IN ('near', 'over'))
);
--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "chill_limit_minutes" integer;--> statement-breakpoint
ALTER TABLE "cold_chain_alerts" ADD CONSTRAINT "cold_chain_alerts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cold_chain_alerts_order_level_idx" ON "cold_chain_alerts" USING btree ("order_id","level");--> statement-breakpoint
CREATE INDEX "cold_chain_alerts_raised_idx" ON "cold_chain_alerts" USING btree ("raised_at");
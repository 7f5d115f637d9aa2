CREATE TABLE "substitution_choices" (
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"preference" text NOT NULL,
	"alternative_product_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "substitution_choices_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "substitution_choices_preference_check" CHECK (preference IN ('best_match', 'specific', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitution_preference" text DEFAULT 'best_match' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "alternative_product_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "alternative_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "short_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "short_outcome" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_product_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_price" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substituted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refusable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "final_price" integer;--> statement-breakpoint
ALTER TABLE "substitution_choices" ADD CONSTRAINT "substitution_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_choices" ADD CONSTRAINT "substitution_choices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_choices" ADD CONSTRAINT "substitution_choices_alternative_product_id_products_id_fk" FOREIGN KEY ("alternative_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "substitution_choices_user_updated_idx" ON "substitution_choices" USING btree ("user_id","updated_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_alternative_product_id_products_id_fk" FOREIGN KEY ("alternative_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_product_id_products_id_fk" FOREIGN KEY ("substitute_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitution_preference_check" CHECK (substitution_preference IN ('best_match', 'specific', 'refund'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_short_outcome_check" CHECK ("order_items"."short_outcome" IS NULL OR "order_items"."short_outcome" IN ('substituted', 'refunded'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_short_quantity_check" CHECK ("order_items"."short_quantity" IS NULL OR "order_items"."short_quantity" BETWEEN 1 AND "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_final_price_check" CHECK ("order_items"."final_price" IS NULL OR "order_items"."final_price" BETWEEN 0 AND "order_items"."price" * "order_items"."quantity");
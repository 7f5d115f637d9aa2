DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "delivery_riders_created_at_idx";--> statement-breakpoint
DROP INDEX "outlet_employees_created_at_idx";--> statement-breakpoint
DROP INDEX "saved_addresses_user_idx";--> statement-breakpoint
DROP INDEX "product_reviews_product_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
DROP INDEX "rider_earnings_rider_created_idx";--> statement-breakpoint
DROP INDEX "admin_notifications_read_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_created_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_outlet_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "stock_movements_product_created_idx";--> statement-breakpoint
DROP INDEX "stock_movements_created_idx";--> statement-breakpoint
CREATE INDEX "products_effective_price_idx" ON "products" USING btree (coalesce("discount_price", "price"),"name") WHERE not "products"."is_archived";--> statement-breakpoint
CREATE INDEX "products_on_sale_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."discount_price" is not null and not "products"."is_archived";--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock","name") WHERE not "products"."is_archived";--> statement-breakpoint
CREATE INDEX "orders_payment_status_created_idx" ON "orders" USING btree ("payment_status","created_at");--> statement-breakpoint
CREATE INDEX "delivery_riders_created_at_idx" ON "delivery_riders" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outlet_employees_created_at_idx" ON "outlet_employees" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "saved_addresses_user_idx" ON "saved_addresses" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE not "products"."is_archived";--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"name") WHERE not "products"."is_archived";--> statement-breakpoint
CREATE INDEX "rider_earnings_rider_created_idx" ON "rider_earnings" USING btree ("rider_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_notifications_read_created_idx" ON "admin_notifications" USING btree ("read","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_outlet_created_idx" ON "orders" USING btree ("outlet_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movements_product_created_idx" ON "stock_movements" USING btree ("product_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at" DESC NULLS FIRST);
ALTER TABLE "trading_orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "reward_coupons" ADD COLUMN "claimed_order_id" integer;--> statement-breakpoint
ALTER TABLE "reward_coupons" ADD COLUMN "claimed_position_id" integer;
CREATE TABLE "trading_conditional_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"role" text NOT NULL,
	"oco_with" integer,
	"code" text NOT NULL,
	"action" text NOT NULL,
	"side" text NOT NULL,
	"product" text NOT NULL,
	"margin_kind" text,
	"leverage_tenths" integer NOT NULL,
	"quantity" integer NOT NULL,
	"trigger" text NOT NULL,
	"trigger_price" integer,
	"trail_width" integer,
	"trail_extreme" integer,
	"order_type" text NOT NULL,
	"price" integer,
	"armed" boolean NOT NULL,
	"state" text NOT NULL,
	"position_id" integer,
	"child_order_id" integer,
	"valid_on" text NOT NULL,
	"triggered_at" timestamp with time zone,
	"trigger_trade_id" text,
	"trigger_trade_price" integer,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_inventory" (
	"code" text PRIMARY KEY NOT NULL,
	"shares" integer NOT NULL,
	"cost" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "block_inventory_shares_nonnegative" CHECK ("block_inventory"."shares" >= 0),
	CONSTRAINT "block_inventory_cost_nonnegative" CHECK ("block_inventory"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "block_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"reference_close" integer NOT NULL,
	"premium_bp" integer NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"min_shares" integer NOT NULL,
	"min_amount" bigint NOT NULL,
	"daily_limit" integer NOT NULL,
	"max_per_customer" integer NOT NULL,
	"lock_up_days" integer DEFAULT 0 NOT NULL,
	"simulated" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "block_offers_sold_within_quantity" CHECK ("block_offers"."sold" >= 0 AND "block_offers"."sold" <= "block_offers"."quantity"),
	CONSTRAINT "block_offers_band" CHECK ("block_offers"."premium_bp" BETWEEN -700 AND 700)
);
--> statement-breakpoint
CREATE TABLE "block_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"shares" integer NOT NULL,
	"price" integer NOT NULL,
	"amount" bigint NOT NULL,
	"position_id" integer NOT NULL,
	"trade_date" text NOT NULL,
	"lock_up_until" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"price" integer,
	"move_bp" integer,
	"direction" text,
	"state" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"armed_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone,
	"fired_price" integer,
	"fired_trade_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trading_fills" ADD COLUMN "venue" text GENERATED ALWAYS AS (case when "trade_id" like '%-pts%' then 'pts' else 'tse' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_orders" ADD COLUMN "session_condition" text;--> statement-breakpoint
ALTER TABLE "trading_orders" ADD COLUMN "venue" text DEFAULT 'tse' NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_positions" ADD COLUMN "off_auction" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_positions" ADD COLUMN "lock_up_until" text;--> statement-breakpoint
ALTER TABLE "trading_conditional_orders" ADD CONSTRAINT "trading_conditional_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_purchases" ADD CONSTRAINT "block_purchases_offer_id_block_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."block_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_purchases" ADD CONSTRAINT "block_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_conditional_orders_user_idx" ON "trading_conditional_orders" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE INDEX "trading_conditional_orders_state_idx" ON "trading_conditional_orders" USING btree ("state");--> statement-breakpoint
CREATE INDEX "trading_conditional_orders_position_idx" ON "trading_conditional_orders" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "block_offers_code_idx" ON "block_offers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "block_purchases_offer_user_idx" ON "block_purchases" USING btree ("offer_id","user_id","trade_date");--> statement-breakpoint
CREATE INDEX "block_purchases_user_idx" ON "block_purchases" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","code");--> statement-breakpoint
CREATE INDEX "price_alerts_state_idx" ON "price_alerts" USING btree ("state");
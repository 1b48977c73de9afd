CREATE TABLE "trading_fills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"trade_id" text NOT NULL,
	"side" text NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"auction" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_margin_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"questionnaire" jsonb NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"enabled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_margin_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"ratio_bp" integer NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trading_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"position_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"side" text NOT NULL,
	"order_type" text NOT NULL,
	"price" integer,
	"quantity" integer NOT NULL,
	"filled_quantity" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"client_order_id" text NOT NULL,
	"venue_order_id" text,
	"trading_date" text,
	"hold" bigint DEFAULT 0 NOT NULL,
	"hold_per_share_tenths" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"product" text NOT NULL,
	"margin_kind" text,
	"direction" text NOT NULL,
	"order_type" text NOT NULL,
	"limit_price" integer,
	"leverage_tenths" integer NOT NULL,
	"tab" text NOT NULL,
	"status" text NOT NULL,
	"ordered_quantity" integer NOT NULL,
	"open_quantity" integer DEFAULT 0 NOT NULL,
	"open_value_tenths" bigint DEFAULT 0 NOT NULL,
	"closed_quantity" integer DEFAULT 0 NOT NULL,
	"close_value_tenths" bigint DEFAULT 0 NOT NULL,
	"closed_cost_tenths" bigint DEFAULT 0 NOT NULL,
	"margin_held" bigint DEFAULT 0 NOT NULL,
	"realised_pnl" bigint DEFAULT 0 NOT NULL,
	"interest_posted" bigint DEFAULT 0 NOT NULL,
	"fees_posted" bigint DEFAULT 0 NOT NULL,
	"end_reason" text,
	"opened_on" text,
	"due_date" text,
	"due_warned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"first_fill_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_session_settings" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"skip_fund_password" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_unsettled" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"trade_date" text NOT NULL,
	"settles_on" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trading_fills" ADD CONSTRAINT "trading_fills_order_id_trading_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trading_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_fills" ADD CONSTRAINT "trading_fills_position_id_trading_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trading_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_fills" ADD CONSTRAINT "trading_fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_margin_accounts" ADD CONSTRAINT "trading_margin_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_margin_calls" ADD CONSTRAINT "trading_margin_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_orders" ADD CONSTRAINT "trading_orders_position_id_trading_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trading_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_orders" ADD CONSTRAINT "trading_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_positions" ADD CONSTRAINT "trading_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_unsettled" ADD CONSTRAINT "trading_unsettled_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_unsettled" ADD CONSTRAINT "trading_unsettled_position_id_trading_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trading_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trading_fills_trade_order_key" ON "trading_fills" USING btree ("trade_id","order_id");--> statement-breakpoint
CREATE INDEX "trading_fills_position_idx" ON "trading_fills" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "trading_margin_calls_user_idx" ON "trading_margin_calls" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "trading_orders_position_idx" ON "trading_orders" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "trading_orders_state_idx" ON "trading_orders" USING btree ("state");--> statement-breakpoint
CREATE INDEX "trading_orders_user_idx" ON "trading_orders" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "trading_positions_user_idx" ON "trading_positions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trading_positions_status_idx" ON "trading_positions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "trading_unsettled_user_idx" ON "trading_unsettled" USING btree ("user_id","settles_on");
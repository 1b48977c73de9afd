CREATE TABLE "strategies" (
	"id" serial PRIMARY KEY NOT NULL,
	"leader_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"risk_notes" text NOT NULL,
	"status" text NOT NULL,
	"simulated" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "strategy_fee_accruals" (
	"id" serial PRIMARY KEY NOT NULL,
	"following_id" integer NOT NULL,
	"leader_id" integer NOT NULL,
	"business_date" text NOT NULL,
	"base" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_followings" (
	"id" serial PRIMARY KEY NOT NULL,
	"strategy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"stop_loss_percent" integer NOT NULL,
	"status" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"end_reason" text,
	"deadline" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "strategy_followings_stop_loss_range" CHECK ("strategy_followings"."stop_loss_percent" BETWEEN 5 AND 95),
	CONSTRAINT "strategy_followings_amount_positive" CHECK ("strategy_followings"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "strategy_mirrored_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"following_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"leader_position_id" integer NOT NULL,
	"leader_trade_id" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"side" text NOT NULL,
	"leader_quantity" integer NOT NULL,
	"leader_price" integer NOT NULL,
	"follower_amount" bigint NOT NULL,
	"leader_equity" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"position_id" integer,
	"order_id" integer,
	"fill_price" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_fee_accruals" ADD CONSTRAINT "strategy_fee_accruals_following_id_strategy_followings_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."strategy_followings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_fee_accruals" ADD CONSTRAINT "strategy_fee_accruals_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_followings" ADD CONSTRAINT "strategy_followings_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_followings" ADD CONSTRAINT "strategy_followings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_mirrored_orders" ADD CONSTRAINT "strategy_mirrored_orders_following_id_strategy_followings_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."strategy_followings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_mirrored_orders" ADD CONSTRAINT "strategy_mirrored_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "strategies_leader_key" ON "strategies" USING btree ("leader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_fee_accruals_day_key" ON "strategy_fee_accruals" USING btree ("following_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_followings_active_key" ON "strategy_followings" USING btree ("strategy_id","user_id") WHERE "strategy_followings"."status" = 'inProgress';--> statement-breakpoint
CREATE INDEX "strategy_followings_strategy_idx" ON "strategy_followings" USING btree ("strategy_id","status");--> statement-breakpoint
CREATE INDEX "strategy_followings_user_idx" ON "strategy_followings" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_mirrored_orders_fill_key" ON "strategy_mirrored_orders" USING btree ("following_id","leader_trade_id","kind");--> statement-breakpoint
CREATE INDEX "strategy_mirrored_orders_following_idx" ON "strategy_mirrored_orders" USING btree ("following_id","id");--> statement-breakpoint
CREATE INDEX "strategy_mirrored_orders_order_idx" ON "strategy_mirrored_orders" USING btree ("order_id") WHERE "strategy_mirrored_orders"."fill_price" is null;
CREATE TABLE "strategy_trust_nav_holdings" (
	"id" serial PRIMARY KEY NOT NULL,
	"nav_id" integer NOT NULL,
	"code" text NOT NULL,
	"shares" integer NOT NULL,
	"price_tenths" integer NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_trust_navs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"business_date" text NOT NULL,
	"holdings_value" bigint NOT NULL,
	"cash" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"net_assets" bigint NOT NULL,
	"units_before" bigint NOT NULL,
	"nav" bigint NOT NULL,
	"units_after" bigint NOT NULL,
	"net_assets_after" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_trust_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint,
	"units" bigint,
	"nav_date" text NOT NULL,
	"status" text NOT NULL,
	"nav_id" integer,
	"filled_units" bigint,
	"cash" bigint,
	"refund" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"filled_at" timestamp with time zone,
	CONSTRAINT "strategy_trust_requests_shape" CHECK (("strategy_trust_requests"."kind" = 'subscribe' AND "strategy_trust_requests"."amount" > 0) OR ("strategy_trust_requests"."kind" = 'redeem' AND "strategy_trust_requests"."units" > 0))
);
--> statement-breakpoint
CREATE TABLE "strategy_trusts" (
	"id" serial PRIMARY KEY NOT NULL,
	"strategy_id" integer NOT NULL,
	"name" text NOT NULL,
	"pool_user_id" integer NOT NULL,
	"following_id" integer,
	"fee_bp_per_year" integer NOT NULL,
	"minimum_yen" bigint NOT NULL,
	"status" text NOT NULL,
	"simulated" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "strategy_trusts_fee_range" CHECK ("strategy_trusts"."fee_bp_per_year" BETWEEN 0 AND 300),
	CONSTRAINT "strategy_trusts_minimum_positive" CHECK ("strategy_trusts"."minimum_yen" > 0)
);
--> statement-breakpoint
ALTER TABLE "strategy_trust_nav_holdings" ADD CONSTRAINT "strategy_trust_nav_holdings_nav_id_strategy_trust_navs_id_fk" FOREIGN KEY ("nav_id") REFERENCES "public"."strategy_trust_navs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_trust_navs" ADD CONSTRAINT "strategy_trust_navs_trust_id_strategy_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."strategy_trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_trust_requests" ADD CONSTRAINT "strategy_trust_requests_trust_id_strategy_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."strategy_trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_trust_requests" ADD CONSTRAINT "strategy_trust_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_trust_requests" ADD CONSTRAINT "strategy_trust_requests_nav_id_strategy_trust_navs_id_fk" FOREIGN KEY ("nav_id") REFERENCES "public"."strategy_trust_navs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_trusts" ADD CONSTRAINT "strategy_trusts_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_trusts" ADD CONSTRAINT "strategy_trusts_pool_user_id_users_id_fk" FOREIGN KEY ("pool_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_trusts" ADD CONSTRAINT "strategy_trusts_following_id_strategy_followings_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."strategy_followings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "strategy_trust_nav_holdings_nav_idx" ON "strategy_trust_nav_holdings" USING btree ("nav_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_trust_navs_day_key" ON "strategy_trust_navs" USING btree ("trust_id","business_date");--> statement-breakpoint
CREATE INDEX "strategy_trust_requests_pending_idx" ON "strategy_trust_requests" USING btree ("trust_id","nav_date") WHERE "strategy_trust_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "strategy_trust_requests_user_idx" ON "strategy_trust_requests" USING btree ("user_id","trust_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_trusts_pool_key" ON "strategy_trusts" USING btree ("pool_user_id");
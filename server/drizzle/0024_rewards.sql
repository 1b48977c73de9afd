CREATE TABLE "reward_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"value" bigint NOT NULL,
	"min_order_value" bigint,
	"expires_on" text NOT NULL,
	"granted_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_for" text
);
--> statement-breakpoint
CREATE TABLE "reward_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" text NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reward_coupons_user_source" ON "reward_coupons" USING btree ("user_id","source_key");--> statement-breakpoint
CREATE INDEX "reward_coupons_user" ON "reward_coupons" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_sign_ins_user_date" ON "reward_sign_ins" USING btree ("user_id","date");
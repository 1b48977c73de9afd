CREATE TABLE "strategy_record_snapshots" (
	"strategy_id" integer NOT NULL,
	"business_date" text NOT NULL,
	"last_fill_id" integer NOT NULL,
	"last_posting_id" bigint NOT NULL,
	"at_close" boolean NOT NULL,
	"record" jsonb NOT NULL,
	"prices" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "strategy_record_snapshots_strategy_id_business_date_pk" PRIMARY KEY("strategy_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "strategy_profit_share_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"following_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"follower_id" integer NOT NULL,
	"leader_id" integer NOT NULL,
	"realised" bigint NOT NULL,
	"mark_before" bigint NOT NULL,
	"percent" integer NOT NULL,
	"amount" bigint NOT NULL,
	"final" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "fee_model" text DEFAULT 'broker-paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "profit_share_percent" integer;--> statement-breakpoint
ALTER TABLE "strategy_record_snapshots" ADD CONSTRAINT "strategy_record_snapshots_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_profit_share_settlements" ADD CONSTRAINT "strategy_profit_share_settlements_following_id_strategy_followings_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."strategy_followings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "strategy_record_snapshots_date_idx" ON "strategy_record_snapshots" USING btree ("business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_profit_share_settlements_seq_key" ON "strategy_profit_share_settlements" USING btree ("following_id","seq");
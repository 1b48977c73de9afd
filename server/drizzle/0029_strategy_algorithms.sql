CREATE TABLE "strategy_algorithm_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"algorithm_id" integer NOT NULL,
	"business_date" text NOT NULL,
	"signal" text NOT NULL,
	"action" text NOT NULL,
	"figures" jsonb NOT NULL,
	"lots" integer DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"position_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_algorithms" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"strategy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rule" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strategy_algorithm_runs" ADD CONSTRAINT "strategy_algorithm_runs_algorithm_id_strategy_algorithms_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."strategy_algorithms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_algorithms" ADD CONSTRAINT "strategy_algorithms_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_algorithms" ADD CONSTRAINT "strategy_algorithms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_algorithm_runs_day_key" ON "strategy_algorithm_runs" USING btree ("algorithm_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_algorithms_key" ON "strategy_algorithms" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_algorithms_strategy_key" ON "strategy_algorithms" USING btree ("strategy_id");
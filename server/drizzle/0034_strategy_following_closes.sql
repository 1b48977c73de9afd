CREATE TABLE "strategy_following_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"following_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"refusal" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strategy_following_closes" ADD CONSTRAINT "strategy_following_closes_following_id_strategy_followings_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."strategy_followings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_following_closes_key" ON "strategy_following_closes" USING btree ("following_id","position_id");
CREATE TABLE "market_shocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"date" text NOT NULL,
	"percent" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "market_shocks_created_idx" ON "market_shocks" USING btree ("created_at");
CREATE TABLE "market_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"source" text NOT NULL,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_search_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"query" text NOT NULL,
	"searched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_watchlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_search_history" ADD CONSTRAINT "market_search_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_watchlist" ADD CONSTRAINT "market_watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_news_status_published_idx" ON "market_news" USING btree ("status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "market_search_history_user_query_key" ON "market_search_history" USING btree ("user_id","query");--> statement-breakpoint
CREATE INDEX "market_search_history_user_at_idx" ON "market_search_history" USING btree ("user_id","searched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "market_watchlist_user_code_key" ON "market_watchlist" USING btree ("user_id","code");--> statement-breakpoint
CREATE INDEX "market_watchlist_user_position_idx" ON "market_watchlist" USING btree ("user_id","position");
CREATE TABLE "ipo_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pid" text NOT NULL,
	"units" integer NOT NULL,
	"won_units" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"escrowed" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"waived_by" text,
	"position_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ipo_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"market" text NOT NULL,
	"price_lower" integer NOT NULL,
	"price_upper" integer NOT NULL,
	"offer_price" integer,
	"book_building_start" timestamp with time zone NOT NULL,
	"book_building_end" timestamp with time zone NOT NULL,
	"lottery_at" timestamp with time zone NOT NULL,
	"payment_deadline" timestamp with time zone NOT NULL,
	"listing_at" timestamp with time zone NOT NULL,
	"lot" integer NOT NULL,
	"units_available" integer NOT NULL,
	"max_units_per_customer" integer NOT NULL,
	"lottery_model" text NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"simulated" boolean DEFAULT true NOT NULL,
	"drawn_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ipo_issues_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "ipo_applications" ADD CONSTRAINT "ipo_applications_issue_id_ipo_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."ipo_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_applications" ADD CONSTRAINT "ipo_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ipo_applications_issue_user_key" ON "ipo_applications" USING btree ("issue_id","user_id");--> statement-breakpoint
CREATE INDEX "ipo_applications_user_idx" ON "ipo_applications" USING btree ("user_id","id");
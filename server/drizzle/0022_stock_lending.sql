CREATE TABLE "lending_accruals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"business_date" text NOT NULL,
	"quantity" integer NOT NULL,
	"close_tenths" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"days" integer NOT NULL,
	"day_units" integer NOT NULL,
	"amount" bigint NOT NULL,
	"journal_id" bigint,
	"payment_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lending_enrolments" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"risks_version" text NOT NULL,
	"opted_in_at" timestamp with time zone NOT NULL,
	"opted_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lending_loans" (
	"position_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lending_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"payment_date" text NOT NULL,
	"month" text NOT NULL,
	"amount" bigint NOT NULL,
	"journal_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lending_states" (
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"business_date" text NOT NULL,
	CONSTRAINT "lending_states_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "lending_steps" (
	"business_date" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lending_accruals_day_idx" ON "lending_accruals" USING btree ("user_id","code","business_date");--> statement-breakpoint
CREATE INDEX "lending_accruals_unpaid_idx" ON "lending_accruals" USING btree ("user_id","payment_id");--> statement-breakpoint
CREATE INDEX "lending_loans_user_idx" ON "lending_loans" USING btree ("user_id","code");--> statement-breakpoint
CREATE INDEX "lending_loans_code_idx" ON "lending_loans" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "lending_payments_user_date_idx" ON "lending_payments" USING btree ("user_id","payment_date");
CREATE TABLE "credit_loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"credit_score" integer NOT NULL,
	"credit_line" bigint NOT NULL,
	"borrowable" bigint NOT NULL,
	"borrowed" bigint DEFAULT 0 NOT NULL,
	"repaid" bigint DEFAULT 0 NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	"accrued_through" text,
	"applied_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reject_reason" text,
	"repaid_at" timestamp with time zone,
	"forced_sale_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_shortfalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"ratio_bp" integer NOT NULL,
	"amount_to_cure" bigint NOT NULL,
	"deadline" text NOT NULL,
	"state" text NOT NULL,
	"notice_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"month" text NOT NULL,
	"interest" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"rate_ppm" integer NOT NULL,
	"days" integer NOT NULL,
	"posted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credit_loans_user_idx" ON "credit_loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "credit_loans_status_idx" ON "credit_loans" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_loans_one_open_key" ON "credit_loans" USING btree ("user_id") WHERE status in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "credit_shortfalls_user_idx" ON "credit_shortfalls" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_shortfalls_one_open_key" ON "credit_shortfalls" USING btree ("loan_id") WHERE state = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_statements_loan_month_key" ON "credit_statements" USING btree ("loan_id","month");--> statement-breakpoint
CREATE INDEX "credit_statements_user_idx" ON "credit_statements" USING btree ("user_id");
CREATE TABLE "ca_dividend_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"side" text NOT NULL,
	"margin_kind" text NOT NULL,
	"shares" integer NOT NULL,
	"dps_tenths" integer NOT NULL,
	"rate_ppht" integer NOT NULL,
	"gross" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"reserve_journal_id" bigint,
	"settle_journal_id" bigint,
	"reserved_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ca_dividend_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"seed_key" text NOT NULL,
	"record_date" text NOT NULL,
	"last_cum_date" text NOT NULL,
	"ex_date" text NOT NULL,
	"payment_date" text NOT NULL,
	"dps_tenths" integer NOT NULL,
	"dps_source" text NOT NULL,
	"state" text NOT NULL,
	"perk" boolean DEFAULT false NOT NULL,
	"edited_by" text,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ca_dividend_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"basis" text NOT NULL,
	"shares" integer NOT NULL,
	"dps_tenths" integer NOT NULL,
	"gross" bigint NOT NULL,
	"income_tax" bigint NOT NULL,
	"resident_tax" bigint NOT NULL,
	"net" bigint NOT NULL,
	"state" text NOT NULL,
	"receivable_journal_id" bigint,
	"payment_journal_id" bigint,
	"booked_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ca_perks" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"shares" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ca_split_effects" (
	"id" serial PRIMARY KEY NOT NULL,
	"split_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"shares_before" integer NOT NULL,
	"shares_after" integer NOT NULL,
	"margin_shares_before" integer NOT NULL,
	"margin_shares_after" integer NOT NULL,
	"cancelled_orders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ca_splits" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"ratio" integer NOT NULL,
	"effective_date" text NOT NULL,
	"origin" text NOT NULL,
	"state" text NOT NULL,
	"price_before_tenths" integer,
	"price_after_tenths" integer,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ca_dividend_adjustments" ADD CONSTRAINT "ca_dividend_adjustments_event_id_ca_dividend_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."ca_dividend_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ca_dividend_payments" ADD CONSTRAINT "ca_dividend_payments_event_id_ca_dividend_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."ca_dividend_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ca_perks" ADD CONSTRAINT "ca_perks_event_id_ca_dividend_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."ca_dividend_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ca_split_effects" ADD CONSTRAINT "ca_split_effects_split_id_ca_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."ca_splits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ca_dividend_adjustments_key" ON "ca_dividend_adjustments" USING btree ("event_id","position_id");--> statement-breakpoint
CREATE INDEX "ca_dividend_adjustments_user_idx" ON "ca_dividend_adjustments" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ca_dividend_events_seed_key" ON "ca_dividend_events" USING btree ("code","kind","seed_key");--> statement-breakpoint
CREATE INDEX "ca_dividend_events_ex_idx" ON "ca_dividend_events" USING btree ("state","ex_date");--> statement-breakpoint
CREATE INDEX "ca_dividend_events_code_idx" ON "ca_dividend_events" USING btree ("code","record_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ca_dividend_payments_key" ON "ca_dividend_payments" USING btree ("event_id","user_id","basis");--> statement-breakpoint
CREATE INDEX "ca_dividend_payments_user_idx" ON "ca_dividend_payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ca_perks_key" ON "ca_perks" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "ca_perks_user_idx" ON "ca_perks" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ca_split_effects_key" ON "ca_split_effects" USING btree ("split_id","user_id");--> statement-breakpoint
CREATE INDEX "ca_split_effects_user_idx" ON "ca_split_effects" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ca_splits_code_date_key" ON "ca_splits" USING btree ("code","effective_date");--> statement-breakpoint
CREATE INDEX "ca_splits_state_idx" ON "ca_splits" USING btree ("state","effective_date");
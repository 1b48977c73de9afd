CREATE TABLE "fund_password_grants" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_password_grants" ADD CONSTRAINT "fund_password_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_password_grants" ADD CONSTRAINT "fund_password_grants_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_password_grants_user_idx" ON "fund_password_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fund_password_grants_session_idx" ON "fund_password_grants" USING btree ("session_id");
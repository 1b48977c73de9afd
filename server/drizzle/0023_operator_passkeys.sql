CREATE TABLE "operator_passkeys" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"public_key" "bytea" NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_webauthn_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"session_id" integer,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operator_passkeys" ADD CONSTRAINT "operator_passkeys_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_webauthn_challenges" ADD CONSTRAINT "operator_webauthn_challenges_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_passkeys_operator_idx" ON "operator_passkeys" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_webauthn_challenges_challenge_key" ON "operator_webauthn_challenges" USING btree ("challenge");
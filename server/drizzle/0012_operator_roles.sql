CREATE TABLE "operator_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"operator" text NOT NULL,
	"role" text NOT NULL,
	"reason" text NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'proposed' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "role" text DEFAULT 'viewer' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "state" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "root" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "approved_by" text;--> statement-breakpoint
CREATE INDEX "operator_proposals_state_idx" ON "operator_proposals" USING btree ("state");--> statement-breakpoint
-- Operators that existed before roles: 'ops' keeps managing operators; the others were added
-- without a second admin's approval, so they keep approving money but no longer manage operators.
UPDATE "operators" SET "role" = CASE WHEN "name" = 'ops' THEN 'admin' ELSE 'approver' END;

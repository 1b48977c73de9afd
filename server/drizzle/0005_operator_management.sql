ALTER TABLE "operators" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "retired_by" text;
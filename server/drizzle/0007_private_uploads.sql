ALTER TABLE "uploads" ADD COLUMN "owner_user_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "used_at" timestamp with time zone;
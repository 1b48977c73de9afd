ALTER TABLE "strategy_trust_navs" ADD COLUMN "payable" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "strategy_trust_navs" ADD COLUMN "payable_after" bigint DEFAULT 0 NOT NULL;
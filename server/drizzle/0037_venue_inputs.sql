CREATE TABLE "venue_inputs" (
	"partition" integer NOT NULL,
	"seq" bigint NOT NULL,
	"trading_date" text NOT NULL,
	"at" bigint NOT NULL,
	"kind" text NOT NULL,
	"input" jsonb NOT NULL,
	"epoch" bigint NOT NULL,
	CONSTRAINT "venue_inputs_partition_seq_pk" PRIMARY KEY("partition","seq")
);

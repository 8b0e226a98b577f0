CREATE TABLE "lifecycle_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"owner" text NOT NULL,
	"lease" text NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"day" date,
	"days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lifecycle_jobs_one_running" ON "lifecycle_jobs" USING btree ("status") WHERE "lifecycle_jobs"."status" = 'en_curso';
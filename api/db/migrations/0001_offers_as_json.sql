-- A frozen offer is stored and read whole: json keeps its text as written and costs less to insert.
ALTER TABLE "quotes" ALTER COLUMN "offers" SET DATA TYPE json USING "offers"::json;

-- A stored response is returned as it was first written: json keeps the text as given, while
-- jsonb reorders an object's keys (shortest first), so a replay came back with its fields in
-- another order than the original answer. Nothing queries inside the column.
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET DATA TYPE json USING "response_body"::json;

-- Order numbers (docs/rules.md "Orders"): on PostgreSQL they come from this sequence, so
-- concurrent checkouts never choose the same number. It starts after any order already held.
CREATE SEQUENCE "order_number" START WITH 100001;
SELECT setval('"order_number"', GREATEST(100001, (SELECT COALESCE(MAX("number"), 0) + 1 FROM "Order")), false);

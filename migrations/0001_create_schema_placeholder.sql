-- Placeholder removed by the data API work.
SELECT 1;

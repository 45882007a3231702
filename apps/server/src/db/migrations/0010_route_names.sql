-- Issue 14 (point 11): "中国" is a country, not a trade route. The route of China's own ports is
-- domestic coastal trade (内贸). Renamed only where an operator has not renamed it already.
UPDATE "trade_routes" SET "name_zh" = '内贸（沿海）', "name_en" = 'China domestic (coastal)'
WHERE "code" = 'CN' AND "name_zh" = '中国' AND "name_en" = 'China (Domestic)';

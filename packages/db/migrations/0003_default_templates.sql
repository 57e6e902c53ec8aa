-- Presets a new admin starts from (PRODUCT.md: Network template). Seeded once; an admin may edit or delete them.
INSERT INTO "network_templates" ("name", "description", "kind", "default_host", "default_port", "ntrip_version", "authentication", "needs_gga", "daily_price") VALUES
  ('Hosted base stations', 'Your own base stations push RTCM into this caster, each with its own source password.', 'hosted', NULL, 2101, 2, 'basic', false, 1),
  ('NTRIP 2.0 caster', 'Relay the mountpoints of an upstream NTRIP 2.0 caster (HTTP, chunked transfer).', 'relay', NULL, 2101, 2, 'basic', false, 2),
  ('NTRIP 1.0 caster', 'Relay the mountpoints of an upstream NTRIP 1.0 caster (ICY replies).', 'relay', NULL, 2101, 1, 'basic', false, 2),
  ('VRS or nearest-base service', 'Relay an upstream whose mountpoints need the rover''s GGA: one upstream connection per rover.', 'relay', NULL, 2101, 2, 'basic', true, 3)
ON CONFLICT ("name") DO NOTHING;

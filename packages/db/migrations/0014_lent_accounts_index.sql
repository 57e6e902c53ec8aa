-- A user's account list also reads the accounts lent to them (decision 0041); without an index that read every
-- account of every owner (issue 18). Partial: few accounts are lent at any time.
CREATE INDEX "ntrip_accounts_lent_to_user_idx" ON "ntrip_accounts" USING btree ("lent_to_user_id") WHERE "ntrip_accounts"."lent_to_user_id" is not null;
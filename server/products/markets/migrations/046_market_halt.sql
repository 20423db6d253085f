-- Issue 52 §1: a risk operator halts a spot market during an incident and resumes it. While
-- `halted_reason` is set the market refuses new orders (cancels still go through), its makers stop
-- quoting and the pair's seconds contracts stop selling; it shows as halted on the trade page and as
-- `HALT` in the Binance dialect. Null: trading.
alter table pair add column halted_reason text check (halted_reason is null or length(halted_reason) between 1 and 200);
alter table pair add column halted_at timestamptz;

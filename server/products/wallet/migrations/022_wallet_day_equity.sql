-- Today's profit and loss on /wallet is the equity now less the equity at the day's open (00:00
-- UTC) less the net deposits since (docs/API.md "Wallet"). The open is a snapshot the wallet takes
-- once a day of every user's equity (balances at their USDT prices plus what positions hold:
-- futures margin and unrealised PnL); `taken_ms` says when, which is 00:00 unless no server ran then.
create table wallet_day_open (
  day_ms bigint primary key,
  taken_ms bigint not null,
  -- The last ledger entry the snapshot includes: the day's deposits and withdrawals are those after it.
  ledger_id bigint not null
);

create table wallet_day_equity (
  user_id bigint not null references app_user (id),
  day_ms bigint not null references wallet_day_open (day_ms),
  equity numeric(36, 18) not null,
  primary key (user_id, day_ms)
);

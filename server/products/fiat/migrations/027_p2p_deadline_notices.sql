-- P2P notifications (issue 37): each deadline of an order is announced once to both parties when it
-- is near; the sweep marks it here in the transaction that writes the notifications.
alter table fiat_order add column pay_warned boolean not null default false;
alter table fiat_order add column confirm_warned boolean not null default false;

-- Paid orders found by their confirm deadline, as unpaid ones are by their pay deadline
-- (fiat_order_due, 013): the sweep, every second, tells both parties of a confirm deadline near
-- (notices.ts deadlinesNear: `status = 'paid' and … confirm_deadline_ms` in a window) and the
-- simulated merchants release what buyers paid (merchants.ts: `status = 'paid' and seller_id = any
-- … order by id limit 50`). Without it both read every P2P order ever made: 122 ms and 82 ms at
-- 500,000 orders, 0.17 ms and 0.06 ms with it (bench/README.md "Reads that scanned growing
-- tables"). Only the few orders paid and not yet released are in it.
create index fiat_order_confirm_due on fiat_order (confirm_deadline_ms) where status = 'paid';

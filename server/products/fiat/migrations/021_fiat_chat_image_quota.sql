-- P2P chat images are bounded per sender (docs/API.md "P2P fiat"): at most so many per order and
-- so many per hour across orders. The hourly count reads a user's recent images through this
-- index instead of every message there is.
create index fiat_message_sender_images on fiat_message (sender_id, created_ms) where image is not null;

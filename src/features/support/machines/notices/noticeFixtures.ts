import type { NoticeDetail, NoticeList, OperatorNotice, OperatorPlatNote } from '../../../../../domain/notices';

/** Example answers for the notice machines' models and tests. */
export const NOTICE_LIST: NoticeList = {
  list: [
    { id: 2, title: 'Scheduled maintenance', fallback: true, published_at: 1_700_000_000_000 },
    { id: 1, title: 'Nouvelle cotation', fallback: false, published_at: 1_699_000_000_000 },
  ],
  total: 2,
};

export const NOTICE_DETAIL: NoticeDetail = {
  detail: { id: 2, title: 'Scheduled maintenance', content: 'Sunday 02:00 UTC.\n\n- Spot\n- Futures', fallback: true, published_at: 1_700_000_000_000 },
};

export const OPERATOR_NOTICE: OperatorNotice = {
  id: 2,
  titles: { en_US: 'Scheduled maintenance', ja_JP: 'メンテナンス' },
  bodies: { en_US: 'Sunday 02:00 UTC.', ja_JP: '日曜 02:00 UTC。' },
  published: false,
  published_at: null,
  updated_at: 1_700_000_000_000,
};

export const OPERATOR_NOTE: OperatorPlatNote = {
  type: 5,
  titles: { en_US: 'About us' },
  contents: { en_US: 'We run an exchange.' },
};

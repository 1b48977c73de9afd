// Site messages (ROUTES.messages): newest first, unread ones marked; opening one
// goes to its detail, which marks it read.
import { Badge, Button, List } from 'antd-mobile';
import { QueryState, ROUTES, isLoaded, useAppSelector, useGetMessagesQuery, useMessageReadMutation } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '@kabuto/shared-sdk';
import { useAccountText } from '../../common/texts';
import { kit as common } from '@kabuto/shared-sdk/ui';

export const MESSAGE_DETAIL_PATH = ROUTES.messageDetail;
const PAGE_SIZE = 50;

export default function MessagesPage() {
  const { t } = useAccountText();
  const navigate = useNavigate();
  const lang = useAppSelector((state) => state.session.lang);
  const query = useGetMessagesQuery({ page: 1, pageSize: PAGE_SIZE, lang });
  const [markRead, { isLoading: marking }] = useMessageReadMutation();

  if (!isLoaded(query)) return <QueryState query={query} page />;
  const { data } = query;
  return (
    <div className={common.page} data-testid="messages-page">
      {data.unread > 0 && (
        <Button size="small" fill="outline" loading={marking} onClick={() => void markRead({ all: true })} data-testid="mark-all-read">
          {t('msg.markAllRead')}
        </Button>
      )}
      {data.list.length === 0 ? (
        <p className={common.intro}>{t('msg.empty')}</p>
      ) : (
        <List>
          {data.list.map((message) => (
            <List.Item
              key={message.id}
              onClick={() => void navigate(`${MESSAGE_DETAIL_PATH}?id=${message.id}`)}
              description={message.summary}
              extra={<span className={common.muted}>{formatDateTime(message.createdAt, lang)}</span>}
              prefix={message.read ? undefined : <Badge content={Badge.dot} aria-label={t('msg.unread')} />}
              data-testid="message-item"
              data-read={message.read ? 'true' : 'false'}
            >
              <span style={{ fontWeight: message.read ? 400 : 700 }}>{message.title}</span>
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

// A customer's private upload (ID photo, deposit proof), fetched only when the operator asks,
// through the audited ops route (every opening is written to the audit log), and shown from
// a blob: URL (the CSP allows blob: images) that is released when the screen closes.
import { useEffect, useState } from 'react';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Image, Space } from 'antd';
import { OpsRefusal } from '../api/ops-client';
import { OPS_ROUTES } from '../api/route-table';
import { useConsole } from '../console-context';

const KEY_PREFIX = 'imgs/';

export function PrivateImages({ keys, label }: { keys: readonly (string | null)[]; label: string }) {
  const t = useTranslate();
  const { client, refusalText } = useConsole();
  const [urls, setUrls] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  const present = keys.filter((key): key is string => typeof key === 'string' && key.startsWith(KEY_PREFIX));
  if (present.length === 0) return <span>{t('common.none')}</span>;
  if (urls.length > 0)
    return (
      <Space>
        {urls.map((url) => (
          <Image key={url} src={url} width={96} />
        ))}
      </Space>
    );
  async function open() {
    try {
      const blobs = await Promise.all(present.map((key) => client.blob(OPS_ROUTES.uploads.show, { params: { name: key.slice(KEY_PREFIX.length) } })));
      setUrls(blobs.map((blob) => URL.createObjectURL(blob)));
    } catch (error) {
      if (error instanceof OpsRefusal) setRefusal(refusalText(error.msg, error.httpStatus));
      else throw error;
    }
  }
  return (
    <Space direction="vertical">
      <Button size="small" onClick={() => void open()}>
        {label}
      </Button>
      {refusal ? <Alert type="error" message={refusal} /> : null}
    </Space>
  );
}

// The console's frame at 1280×800: the queues and registers on the left, the operator, the
// language and sign-out on top.
import type { ReactNode } from 'react';
import { useGetIdentity, useLogout, useTranslate } from '@refinedev/core';
import { Button, Layout, Menu, Segmented, Space, Typography } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import type { OpsRole } from './api/route-table';
import { useConsoleLang } from './lang-context';

export const MENU: readonly { path: string; label: string }[] = [
  { path: '/deposits', label: 'menu.deposits' },
  { path: '/withdrawals', label: 'menu.withdrawals' },
  { path: '/credit-loans', label: 'menu.creditLoans' },
  { path: '/adjustments', label: 'menu.adjustments' },
  { path: '/kyc', label: 'menu.kyc' },
  { path: '/users', label: 'menu.users' },
  { path: '/invites', label: 'menu.invites' },
  { path: '/ipo', label: 'menu.ipo' },
  { path: '/dividends', label: 'menu.dividends' },
  { path: '/rewards', label: 'menu.rewards' },
  { path: '/trusts', label: 'menu.trusts' },
  { path: '/block', label: 'menu.block' },
  { path: '/news', label: 'menu.news' },
  { path: '/operators', label: 'menu.operators' },
  { path: '/audit', label: 'menu.audit' },
  { path: '/support', label: 'menu.support' },
  { path: '/passkeys', label: 'menu.passkeys' },
];

export function LanguageSwitch() {
  const { lang, setLang } = useConsoleLang();
  return (
    <Segmented
      size="small"
      value={lang}
      onChange={(value) => void setLang(value === 'jp' ? 'jp' : 'en')}
      options={[
        { value: 'en', label: 'EN' },
        { value: 'jp', label: '日本語' },
      ]}
      data-testid="language"
    />
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const location = useLocation();
  const { data: identity } = useGetIdentity<{ name: string; role: OpsRole }>();
  const { mutate: logout } = useLogout();
  const selected = MENU.find((item) => location.pathname.startsWith(item.path))?.path ?? '/deposits';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={260} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
        <div style={{ padding: '16px 20px', fontWeight: 600 }}>{t('app.title')}</div>
        <Menu mode="inline" selectedKeys={[selected]} items={MENU.map((item) => ({ key: item.path, label: <Link to={item.path}>{t(item.label)}</Link> }))} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', borderBottom: '1px solid #f0f0f0' }}>
          <Space size="large">
            {identity ? (
              <Typography.Text data-testid="signed-in-as">
                {t('session.signedInAs', { name: identity.name, role: t(`roles.${identity.role}`) })}
              </Typography.Text>
            ) : null}
            <LanguageSwitch />
            <Button onClick={() => logout()} data-testid="sign-out">
              {t('session.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 20 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}

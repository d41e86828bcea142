import { ApartmentOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { changeProvider, PROVIDER_SWITCHER_NAME_CHARS } from '@vigil/contracts';
import { App, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../api/client.ts';
import { updateSession, type SessionState } from '../../session/session-store.ts';

/** A provider name cut to the switcher's 10 characters. */
export function shortProviderName(name: string): string {
  const chars = [...name];
  return chars.length > PROVIDER_SWITCHER_NAME_CHARS ? `${chars.slice(0, PROVIDER_SWITCHER_NAME_CHARS).join('')}…` : name;
}

/**
 * Class I: a switcher among more than one available provider, the one name when
 * there is exactly one, a link to create one when there is none. Class II: its own
 * name. Other roles: nothing (spec 01 §6).
 */
export function ProviderSwitcher({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);

  if (session.role === 'TWO_ROLE' && session.providerName) return <ProviderName name={session.providerName} />;
  if (session.role !== 'ONE_ROLE') return null;
  const available = session.providerList.filter((provider) => provider.available);
  if (!available.length) {
    return (
      <Link className="provider-switcher provider-switcher--empty" to="/permission/providermanager?action=create">
        <PlusCircleOutlined /> {t('shell.sidebar.noSubProvider')}
      </Link>
    );
  }
  if (available.length === 1) return <ProviderName name={available[0].providerName} />;

  const choose = async (domain: string) => {
    setSwitching(true);
    try {
      const chosen = await callApi(changeProvider, { domain });
      updateSession({ providerId: chosen.providerId, providerName: chosen.providerName, domain: chosen.domain });
      navigate('/realMonitor/index');
      window.location.reload();
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : t('shell.sidebar.switchFailed'));
      setSwitching(false);
    }
  };
  return (
    <div className="provider-switcher">
      <label htmlFor="provider-switcher" className="visually-hidden">
        {t('shell.sidebar.provider')}
      </label>
      <Select
        id="provider-switcher"
        className="provider-switcher__select"
        value={session.domain ?? undefined}
        loading={switching}
        disabled={switching}
        onChange={choose}
        popupMatchSelectWidth={false}
        prefix={<ApartmentOutlined />}
        options={available.map((provider) => ({
          value: provider.domain,
          title: provider.providerName,
          label: shortProviderName(provider.providerName),
        }))}
      />
    </div>
  );
}

function ProviderName({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="provider-switcher provider-switcher--name" title={name} data-testid="provider-name">
      <span className="visually-hidden">{t('shell.sidebar.provider')}: </span>
      <ApartmentOutlined /> <span>{name}</span>
    </div>
  );
}
